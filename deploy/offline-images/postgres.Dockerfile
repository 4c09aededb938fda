# postgres:15's stand-in (build.sh): Debian's PostgreSQL 15; the first start creates the cluster in
# /var/lib/postgresql/data with POSTGRES_USER, POSTGRES_PASSWORD and POSTGRES_DB, as the real one does.
FROM graphium-offline/debian:bookworm
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends postgresql-15 >/dev/null \
  && rm -rf /var/lib/apt/lists/*
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
COPY postgres-entrypoint.sh /usr/local/bin/
VOLUME /var/lib/postgresql/data
EXPOSE 5432
ENTRYPOINT ["/usr/local/bin/postgres-entrypoint.sh"]
