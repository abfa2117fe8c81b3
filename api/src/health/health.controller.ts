import { Controller, Get, Inject } from '@nestjs/common';
import { HealthCheck, HealthCheckService, HealthIndicatorService, MongooseHealthIndicator } from '@nestjs/terminus';
import type { Client, Connection } from '@temporalio/client';
import { TEMPORAL_CLIENT } from '../temporal/temporal.module';

@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly mongoose: MongooseHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    @Inject(TEMPORAL_CLIENT) private readonly temporal: Client,
  ) {}

  /** 200 with each dependency's status, or 503 naming the one that is down. */
  @Get()
  @HealthCheck()
  check() {
    return this.health.check([() => this.mongoose.pingCheck('mongodb', { timeout: 1500 }), () => this.temporalCheck()]);
  }

  private async temporalCheck() {
    const indicator = this.indicators.check('temporal');
    try {
      await Promise.race([
        (this.temporal.connection as Connection).healthService.check({}),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 1500)),
      ]);
      return indicator.up();
    } catch (e) {
      return indicator.down({ message: (e as Error).message });
    }
  }
}
