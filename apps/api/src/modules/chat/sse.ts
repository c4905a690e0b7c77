import type { ServerResponse } from 'node:http';

/**
 * Writes server-sent-event frames of a streamed response. While the response is its socket's
 * current message with nothing buffered and chunked transfer encoding, a frame goes to the socket
 * as ONE write carrying its own chunk framing (`<size in hex>\r\n<frame>\r\n`). `res.write`
 * would cork the socket, queue the size line, the frame and the CRLF as three writes and uncork
 * on the next tick: a `writev` and a handful of objects per token, on the hottest loop of the
 * platform — ≈ 25 % more CPU per token and twice the garbage collections, measured
 * (bench/README.md, decision 015). `res.end()` still writes the last chunk.
 * In every other state (HTTP/1.0 without chunking, a pipelined response waiting for its turn,
 * output still buffered) the frame goes through `res.write`, which keeps the order.
 */
export function sseWriter(res: ServerResponse): (frame: string) => void {
  return (frame) => {
    if (res.writableEnded || res.destroyed) return;
    const socket = res.socket as (ServerResponse['socket'] & { _httpMessage?: unknown }) | null;
    if (socket && res.chunkedEncoding && res.headersSent && socket._httpMessage === res && res.writableLength === 0 && !socket.destroyed) {
      socket.write(`${Buffer.byteLength(frame).toString(16)}\r\n${frame}\r\n`);
    } else {
      res.write(frame);
    }
  };
}
