// The project runs on Node 22.12 or newer (package.json `engines`). An older Node still starts the
// server today, but it is unsupported and its npm install warns, so say how to fix it, once, up front.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  process.stderr.write(
    `TradeNest needs Node 22.12 or newer; this is Node ${process.versions.node}.\n` +
      'Run `. scripts/use-node22.sh` (installs Node 22 from the npm registry for this shell), then `npm install` again.\n',
  );
}
