# verdex in a container: Debian bookworm's Chromium and verdex, an MCP server on stdio.
#
#   docker build -t verdex .
#   claude mcp add verdex -- docker run -i --rm --network host verdex
#
# --network host lets the browser reach an app on the host's localhost (Linux; on Docker Desktop use
# http://host.docker.internal:PORT instead). Options go after the image name (verdex serve's flags) or in
# -e VERDEX_* variables: docker run -i --rm -e VERDEX_VIEWPORT_SIZE=390x844 verdex serve --device 'iPhone 15'.
#
# verdex is installed from this checkout (it is not on PyPI yet; after a release, `pip install verdex==X.Y.Z`).
FROM python:3.11-slim-bookworm

# Debian's chromium follows Debian's security updates, so its version is not pinned.
# hadolint ignore=DL3008
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium fonts-liberation \
 && rm -rf /var/lib/apt/lists/*

COPY . /tmp/verdex
RUN pip install --no-cache-dir /tmp/verdex \
 && rm -rf /tmp/verdex \
 && groupadd --gid 10001 verdex \
 && useradd --create-home --uid 10001 --gid 10001 verdex

# Not root: Chromium runs as the unprivileged user verdex (10001). Its sandbox needs unprivileged user namespaces, which
# Docker's default seccomp profile refuses, so the sandbox is off here (VERDEX_SANDBOX=false). To turn it on,
# run with a seccomp profile that allows them (--security-opt seccomp=PROFILE.json) and -e VERDEX_SANDBOX=true.
USER 10001:10001
WORKDIR /home/verdex
ENV VERDEX_SANDBOX=false \
    VERDEX_BROWSER=/usr/bin/chromium \
    PYTHONUNBUFFERED=1

ENTRYPOINT ["verdex"]
# MCP over Streamable HTTP at http://HOST:8931/mcp (docker run -p 8931:8931 verdex). Requests must name an allowed host
# (a DNS rebinding defence): localhost by default; add the names clients use, e.g. -e VERDEX_ALLOWED_HOSTS=localhost,myhost.
# For stdio instead: docker run -i verdex serve
EXPOSE 8931
CMD ["serve", "--port", "8931", "--host", "0.0.0.0"]
