#!/usr/bin/env node
// The stdio bridge of @oatf/run (`oatf-run-stdio --join <url>`): an agent host spawns it as
// an MCP server over stdio (the MCP config names it so), and it relays stdin and stdout,
// line for line, to the `mcp_server` actor of the main run at <url>, which serves it with
// the document's other actors (one recording, cross-actor references). The run's token comes
// from OATF_RUN_TOKEN. Node built-ins only: nothing to build, nothing to resolve.
import { request } from "node:http";

const args = process.argv.slice(2);
const join = args[args.indexOf("--join") + 1] ?? process.env.OATF_RUN_JOIN;
if (!join || (args.indexOf("--join") < 0 && !process.env.OATF_RUN_JOIN)) {
  process.stderr.write("usage: oatf-run-stdio --join <url of the run's /stdio/NAME>\n");
  process.exit(2);
}
const req = request(join, {
  method: "POST",
  headers: {
    "content-type": "application/x-ndjson",
    "x-oatf-run-token": process.env.OATF_RUN_TOKEN ?? "",
  },
});
req.on("response", (res) => {
  if (res.statusCode !== 200) {
    process.stderr.write(`oatf-run-stdio: the run refused the bridge (HTTP ${res.statusCode})\n`);
    process.exit(1);
  }
  res.pipe(process.stdout);
  res.on("end", () => process.exit(0));
});
req.on("error", (error) => {
  process.stderr.write(`oatf-run-stdio: ${error.message}\n`);
  process.exit(1);
});
req.flushHeaders();
process.stdin.pipe(req);
