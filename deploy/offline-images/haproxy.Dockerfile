# haproxy:2.6's stand-in (build.sh): Debian's HAProxy 2.6 with its configuration where the real
# image reads it.
FROM graphium-offline/debian:bookworm
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends haproxy >/dev/null \
  && rm -rf /var/lib/apt/lists/*
CMD ["haproxy", "-W", "-db", "-f", "/usr/local/etc/haproxy/haproxy.cfg"]
