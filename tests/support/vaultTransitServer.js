// @ts-check
/**
 * A stand-in for the transit engine of HashiCorp Vault, the test stacks' secrets provider
 * (`hashivault://`, tests/support/vaultTransit.ts): `PUT /v1/transit/encrypt/KEY` and
 * `PUT /v1/transit/decrypt/KEY`, as the Vault client of Pulumi's secrets manager sends them,
 * AES-256-GCM under a key made at start. Pulumi asks it once per CLI process, for the stack's data
 * key; the stack's secrets are encrypted with that key by the CLI itself, as with a real Vault.
 * `node vaultTransitServer.js TOKEN` prints its port; it ends when its parent closes its stdin.
 */
const crypto = require("node:crypto");
const http = require("node:http");

const token = process.argv[2];
const key = crypto.randomBytes(32);
const PREFIX = "vault:v1:";

/** @param {Buffer} plaintext */
function encrypt(plaintext) {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
  const sealed = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64");
}

/** @param {string} ciphertext */
function decrypt(ciphertext) {
  if (!ciphertext.startsWith(PREFIX)) throw new Error("ciphertext is not a transit ciphertext");
  const raw = Buffer.from(ciphertext.slice(PREFIX.length), "base64");
  const decipher = crypto.createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
}

const server = http.createServer((request, response) => {
  /** @param {number} status @param {unknown} body */
  const reply = (status, body) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  };
  const chunks = /** @type {Buffer[]} */ ([]);
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    if (request.headers["x-vault-token"] !== token) return reply(403, { errors: ["permission denied"] });
    const route = /^\/v1\/transit\/(encrypt|decrypt)\/[\w.-]+$/.exec(request.url ?? "");
    if (route === null || (request.method !== "PUT" && request.method !== "POST")) return reply(404, { errors: [] });
    try {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      if (route[1] === "encrypt") return reply(200, { data: { ciphertext: encrypt(Buffer.from(String(body.plaintext), "base64")) } });
      return reply(200, { data: { plaintext: decrypt(String(body.ciphertext)).toString("base64") } });
    } catch (error) {
      return reply(400, { errors: [error instanceof Error ? error.message : String(error)] });
    }
  });
});

server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  process.stdout.write(`${typeof address === "object" && address !== null ? address.port : ""}\n`);
});
process.stdin.on("end", () => process.exit(0));
process.stdin.resume();
