/**
 * HTTPS for push-notification receivers in tests (reports and calendar watch
 * channels): a CA made at test time, a certificate for localhost/127.0.0.1
 * signed by it, and a receiver server using them. The emulator trusts the CA
 * (`createEmulator({ trustCa })`, `--trust-ca <file>`); nothing else does, so
 * a receiver with a certificate of another CA is refused, as the spec says.
 */
import { writeFileSync } from "node:fs";
import https from "node:https";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import forge from "node-forge";

export interface TestCa {
  /** The CA certificate, PEM: what the emulator is told to trust. */
  readonly caPem: string;
  /** The receiver's certificate (localhost, 127.0.0.1, ::1), PEM, signed by the CA. */
  readonly certPem: string;
  readonly keyPem: string;
}

function serial(): string {
  // Positive, 16 random bytes, as CAs issue them.
  return `01${forge.util.bytesToHex(forge.random.getBytesSync(15))}`;
}

function validity(cert: forge.pki.Certificate): void {
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 24 * 3600_000);
}

/** A fresh CA and a localhost certificate signed by it (2048-bit RSA; about a second). */
export function makeTestCa(commonName = "svc test CA"): TestCa {
  const caKeys = forge.pki.rsa.generateKeyPair(2048);
  const ca = forge.pki.createCertificate();
  ca.publicKey = caKeys.publicKey;
  ca.serialNumber = serial();
  validity(ca);
  const caName = [{ name: "commonName", value: commonName }];
  ca.setSubject(caName);
  ca.setIssuer(caName);
  ca.setExtensions([
    { name: "basicConstraints", cA: true, critical: true },
    { name: "keyUsage", keyCertSign: true, cRLSign: true, critical: true },
    { name: "subjectKeyIdentifier" },
  ]);
  ca.sign(caKeys.privateKey, forge.md.sha256.create());

  const keys = forge.pki.rsa.generateKeyPair(2048);
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = serial();
  validity(cert);
  cert.setSubject([{ name: "commonName", value: "localhost" }]);
  cert.setIssuer(caName);
  cert.setExtensions([
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", digitalSignature: true, keyEncipherment: true, critical: true },
    { name: "extKeyUsage", serverAuth: true },
    {
      name: "subjectAltName",
      altNames: [
        { type: 2, value: "localhost" },
        { type: 7, ip: "127.0.0.1" },
        { type: 7, ip: "::1" },
      ],
    },
  ]);
  cert.sign(caKeys.privateKey, forge.md.sha256.create());
  return { caPem: forge.pki.certificateToPem(ca), certPem: forge.pki.certificateToPem(cert), keyPem: forge.pki.privateKeyToPem(keys.privateKey) };
}

/** Writes the CA certificate to a file, for `svc-emulator --trust-ca <file>`. */
export function writeCaFile(ca: TestCa, file: string): string {
  writeFileSync(file, ca.caPem);
  return file;
}

export interface HttpsReceiver {
  /** `https://127.0.0.1:<port>`; add a path for the channel's address. */
  readonly url: string;
  close(): Promise<void>;
}

/** An HTTPS server on 127.0.0.1 with the CA's localhost certificate, answering with `handler`. */
export async function startHttpsReceiver(ca: TestCa, handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<HttpsReceiver> {
  const server = https.createServer({ cert: ca.certPem, key: ca.keyPem }, handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A message as a receiver got it. */
export interface ReceivedMessage {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/**
 * A receiver that records every message and answers each channel's messages with the statuses
 * queued in `answers` under its channel id, one per message, then 200 (to make deliveries fail).
 */
export interface RecordingReceiver extends HttpsReceiver {
  readonly received: ReceivedMessage[];
  readonly answers: Map<string, number[]>;
}

export async function startRecordingReceiver(ca: TestCa): Promise<RecordingReceiver> {
  const received: ReceivedMessage[] = [];
  const answers = new Map<string, number[]>();
  const receiver = await startHttpsReceiver(ca, (request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      response.statusCode = answers.get(String(request.headers["x-svc-channel-id"]))?.shift() ?? 200;
      response.end();
    });
  });
  return { ...receiver, received, answers };
}
