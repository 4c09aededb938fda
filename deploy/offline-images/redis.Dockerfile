# redis:7's stand-in (build.sh): Debian's Redis 7, listening on every address like the real one.
FROM graphium-offline/debian:bookworm
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends redis-server >/dev/null \
  && rm -rf /var/lib/apt/lists/*
EXPOSE 6379
CMD ["redis-server", "--bind", "0.0.0.0", "--protected-mode", "no"]
