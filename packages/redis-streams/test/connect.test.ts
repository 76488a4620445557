// A connection that fails says which server it tried, never the URL it was given: the URL's
// user info or query may hold the password, and stderr ends up in CI logs.
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { connect } from "../src/redis.js";

/** A loopback port nothing listens on (taken, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("connect", () => {
  it("names the host and port it could not reach, and no password", async () => {
    const port = await closedPort();
    for (const url of [
      `redis://user:s3cret-pw@127.0.0.1:${port}/0`,
      `redis://:s3cret-pw@127.0.0.1:${port}`,
      `redis://127.0.0.1:${port}?password=s3cret-pw`,
    ]) {
      const failed = await connect(url).then(
        () => "connected",
        (error: Error) => error.message,
      );
      expect(failed).toContain(`cannot connect to 127.0.0.1:${port}: `);
      expect(failed).toContain("ECONNREFUSED");
      expect(failed).not.toContain("s3cret");
    }
  });

  it("refuses a URL that is not one, without throwing past it", async () => {
    await expect(connect("redis://[")).rejects.toThrow(/^not a Redis URL \(/);
  });
});
