import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A chat completion request as the fake received it. */
export interface ToolRequest {
  model: string;
  messages: Array<{
    role: string;
    content: string | null;
    tool_calls?: Array<{ id: string; type: string; function: { name: string; arguments: string } }>;
    tool_call_id?: string;
  }>;
  tools?: Array<{ type: string; function: { name: string; description: string; parameters: object } }>;
}

/** What the fake streams for one request: text, or tool calls (each streamed in pieces, as OpenAI does). */
export type ToolReply = { text: string } | { calls: Array<{ name: string; arguments: string }> };

const frame = (choice: object) =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, ...choice }] })}\n\n`;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    req.on('data', (d) => {
      body += d;
    });
    req.on('end', () => resolve(body));
  });
}

/**
 * A local server speaking OpenAI's streamed chat completions with function calling: `decide` picks
 * each reply from the request (so a test scripts the rounds of a tool loop). Tool calls stream as
 * OpenAI's do: the first piece of each has its index, id and name, later pieces more of its arguments.
 */
export async function startFakeToolModel(decide: (req: ToolRequest, n: number) => ToolReply) {
  const requests: ToolRequest[] = [];
  const server: Server = createServer(async (req, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(await readBody(req)) as ToolRequest;
    requests.push(body);
    const reply = decide(body, requests.length);
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    if ('text' in reply) {
      res.write(frame({ delta: { role: 'assistant', content: '' } }));
      for (const piece of reply.text.match(/.{1,6}/gsu) ?? []) res.write(frame({ delta: { content: piece } }));
      res.write(frame({ delta: {}, finish_reason: 'stop' }));
    } else {
      for (const [index, call] of reply.calls.entries()) {
        const id = `call_${requests.length}_${index}`;
        res.write(
          frame({
            delta: { tool_calls: [{ index, id, type: 'function', function: { name: call.name, arguments: '' } }] },
          }),
        );
        for (const piece of call.arguments.match(/.{1,4}/gsu) ?? [])
          res.write(frame({ delta: { tool_calls: [{ index, function: { arguments: piece } }] } }));
      }
      res.write(frame({ delta: {}, finish_reason: 'tool_calls' }));
    }
    res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
