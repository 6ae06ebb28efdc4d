# The boardgames server as a small image: one binary (templates, static files and
# migrations are compiled in) on Debian slim, running as a non-root user.
#
#   docker build -t boardgames .
#   docker run -p 8080:8080 -v boardgames-data:/data boardgames      # SQLite in /data
#
# With Postgres, use docker-compose.yml beside this file.

FROM rust:1-slim-bookworm AS build
WORKDIR /src
COPY . .
# The cache mounts keep the registry and build artefacts between builds.
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/src/target \
    cargo build --release --locked -p server \
    && cp target/release/server /usr/local/bin/server

FROM debian:bookworm-slim
RUN groupadd --system --gid 10001 boardgames \
    && useradd --system --uid 10001 --gid boardgames --home-dir /data --shell /usr/sbin/nologin boardgames \
    && mkdir -p /data \
    && chown boardgames:boardgames /data
COPY --from=build /usr/local/bin/server /usr/local/bin/server
USER 10001:10001
WORKDIR /data
# SQLite lives in the volume unless DATABASE_URL points at Postgres.
ENV LISTEN_ADDR=0.0.0.0:8080 \
    DATABASE_URL=sqlite:///data/boardgames.db \
    LOG_FORMAT=json
VOLUME ["/data"]
EXPOSE 8080
# Slim images have no curl: the binary probes its own /readyz.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
    CMD ["/usr/local/bin/server", "healthcheck"]
ENTRYPOINT ["/usr/local/bin/server"]
CMD ["serve"]
