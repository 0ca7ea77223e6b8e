import {
  defaultSettings,
  isSettingKey,
  type SettingKey,
  type SettingValues,
  settingDefinitions,
  settingValueSchema,
} from '@limelight/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { settings } from '../db/read/settings';
import type { EventBus } from './bus';

export const SETTINGS_CHANGED_CHANNEL = 'settings:changed';

/**
 * Every process keeps all settings in memory (reads are hot: every price check reads one) and
 * reloads them when any process announces a change on the bus.
 */
export class SettingsCache {
  private values: SettingValues = { ...defaultSettings };
  private stored = new Set<SettingKey>();
  private listeners: Array<(changed: SettingKey[]) => void> = [];

  constructor(
    private readonly db: Database,
    private readonly bus: EventBus,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    await this.reload();
    const reload = () => {
      this.reload().catch((error: unknown) => this.log.error({ err: error }, 'reloading settings failed'));
    };
    await this.bus.subscribe(SETTINGS_CHANGED_CHANNEL, reload);
    // A change another process announced while the bus was down never arrived: read them all again.
    this.bus.onResume(reload);
  }

  async reload(): Promise<void> {
    const rows = await this.db.select({ key: settings.key, value: settings.value }).from(settings);
    const next: SettingValues = { ...defaultSettings };
    const stored = new Set<SettingKey>();
    for (const row of rows) {
      if (!isSettingKey(row.key)) continue; // a key retired from the registry
      const parsed = settingValueSchema(settingDefinitions[row.key]).safeParse(row.value);
      if (!parsed.success) {
        this.log.warn({ key: row.key }, 'stored setting no longer valid; using its default');
        continue;
      }
      (next as Record<SettingKey, unknown>)[row.key] = parsed.data;
      stored.add(row.key);
    }
    const previous = this.values;
    this.values = next;
    this.stored = stored;
    const changed = (Object.keys(next) as SettingKey[]).filter((key) => JSON.stringify(next[key]) !== JSON.stringify(previous[key]));
    if (changed.length) for (const listener of this.listeners) listener(changed);
  }

  /** Told the keys whose values changed, on this process, each time it reloads (after any process's change). */
  onChange(listener: (changed: SettingKey[]) => void): void {
    this.listeners.push(listener);
  }

  get<K extends SettingKey>(key: K): SettingValues[K] {
    return this.values[key];
  }

  all(): Readonly<SettingValues> {
    return this.values;
  }

  /** Whether an admin stored a value (used to tell a secret that is set from one that is not). */
  isStored(key: SettingKey): boolean {
    return this.stored.has(key);
  }

  async announceChange(keys: SettingKey[]): Promise<void> {
    await this.bus.publish(SETTINGS_CHANGED_CHANNEL, { keys });
  }
}
