import { BadRequestException, Body, Controller, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import type { Payload, PayloadCodec } from '@temporalio/common';
import type { createDataConverter } from '@portal/workflows';
import { DATA_CONVERTER } from '../temporal/temporal-client.token';
import { CodecBodyDto } from './codec.dto';
import { OperatorGuard } from './operator.guard';

/** A payload as the codec-server protocol sends it: metadata values and data in base64. */
type JsonPayload = { metadata?: Record<string, string>; data?: string };

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const bytes = (s: unknown, what: string): Uint8Array => {
  if (typeof s !== 'string' || !BASE64.test(s)) throw new BadRequestException(`${what} must be base64`);
  return Uint8Array.from(Buffer.from(s, 'base64'));
};
const b64 = (u: Uint8Array | null | undefined) => Buffer.from(u ?? new Uint8Array()).toString('base64');

function fromJson(body: unknown): Payload[] {
  const payloads = (body as { payloads?: unknown })?.payloads;
  if (!Array.isArray(payloads)) throw new BadRequestException('payloads must be an array');
  return payloads.map((p: JsonPayload) => {
    if (typeof p !== 'object' || p === null) throw new BadRequestException('each payload must be an object');
    const metadata: Record<string, Uint8Array> = {};
    for (const [k, v] of Object.entries(p.metadata ?? {})) metadata[k] = bytes(v, `metadata.${k}`);
    return { metadata, data: bytes(p.data ?? '', 'data') };
  });
}

const toJson = (payloads: Payload[]) => ({
  payloads: payloads.map((p) => ({
    metadata: Object.fromEntries(Object.entries(p.metadata ?? {}).map(([k, v]) => [k, b64(v)])),
    data: b64(p.data),
  })),
});

/**
 * Temporal's codec-server protocol (POST /decode and /encode, `{ payloads: [...] }` both ways) with the
 * worker's own codec, so the Temporal UI shows an operator the decoded history. Operator token only;
 * CORS (codec-cors.middleware.ts) admits the Temporal UI's origin and no other.
 */
@Controller('codec')
@UseGuards(OperatorGuard)
export class CodecController {
  constructor(@Inject(DATA_CONVERTER) private readonly converter: Awaited<ReturnType<typeof createDataConverter>>) {}

  /** The client's own codec: it opens each application's payloads with that application's key. */
  private codecOf(): Promise<PayloadCodec> {
    return Promise.resolve(this.converter.payloadCodecs[0]!);
  }

  @Post('decode')
  @HttpCode(200)
  async decode(@Body() body: CodecBodyDto) {
    try {
      return toJson(await (await this.codecOf()).decode(fromJson(body)));
    } catch (e) {
      if (e instanceof BadRequestException) throw e;
      // A payload of another key or a damaged one: say so without echoing anything of it.
      throw new BadRequestException('payload could not be decoded');
    }
  }

  @Post('encode')
  @HttpCode(200)
  async encode(@Body() body: CodecBodyDto) {
    return toJson(await (await this.codecOf()).encode(fromJson(body)));
  }
}
