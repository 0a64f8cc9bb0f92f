import net from 'node:net';

/** Checks a file for known malware before it is stored (ASVS 5.0 V5.4.3). */
export interface VirusScanner {
  /** The name of what was found, or null when the file is clean; throws when no verdict came. */
  scan(body: Buffer): Promise<string | null>;
}

const CHUNK_BYTES = 64 * 1024;

/**
 * ClamAV's daemon (clamd) over TCP, `CLAMAV_URL=tcp://host:3310`, with its INSTREAM command: the
 * file goes in length-prefixed chunks and clamd answers `stream: OK` or `stream: <name> FOUND`.
 * clamd's StreamMaxLength must be at least the 10 MB document limit. Anything else (a refused
 * connection, a timeout, an error line) throws, and the caller refuses the upload: fail closed.
 */
export function createClamdScanner(url: string, timeoutMs = 30_000): VirusScanner {
  const { hostname, port } = new URL(url);
  const host = hostname.replace(/^\[|\]$/g, '');
  return {
    scan(body) {
      return new Promise((resolve, reject) => {
        const socket = net.connect({ host, port: Number(port || 3310) });
        let reply = '';
        socket.setTimeout(timeoutMs, () => socket.destroy(new Error('clamd timed out')));
        socket.on('error', reject);
        socket.on('data', (data) => (reply += data.toString('utf8')));
        socket.on('end', () => {
          const line = reply.replace(/\0/g, '').trim();
          const found = /^stream: (.+) FOUND$/.exec(line);
          if (found) resolve(found[1]!);
          else if (line === 'stream: OK') resolve(null);
          else reject(new Error(`clamd answered: ${line.slice(0, 200)}`));
        });
        socket.on('connect', () => {
          socket.write('zINSTREAM\0');
          for (let offset = 0; offset < body.length; offset += CHUNK_BYTES) {
            const chunk = body.subarray(offset, offset + CHUNK_BYTES);
            const size = Buffer.alloc(4);
            size.writeUInt32BE(chunk.length);
            socket.write(size);
            socket.write(chunk);
          }
          socket.end(Buffer.alloc(4)); // a zero-length chunk ends the stream
        });
      });
    },
  };
}
