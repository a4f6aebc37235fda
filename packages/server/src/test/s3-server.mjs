// s3rver in a process of its own, started by test/s3.ts with --openssl-legacy-provider: its list
// continuation tokens are DES-encrypted, which Node's OpenSSL 3 only has in the legacy provider.
// Prints {"port":N} once listening; stops when its parent closes stdin (or on SIGTERM).
import S3rver from 's3rver';

const [directory] = process.argv.slice(2);
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await server.close();
  process.exit(0);
}
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.resume();
process.on('SIGTERM', stop);
