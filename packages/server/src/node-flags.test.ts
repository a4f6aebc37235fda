// node's flags for the server live in node-flags.json (decision 137); the systemd unit cannot read
// it, so it lists them itself: this keeps the two in step.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverNodeFlags } from './test/server-process.js';

const repoRoot = join(import.meta.dirname, '..', '..', '..');

describe('node flags of the server', () => {
  it('are the ones the systemd unit starts it with', () => {
    const unit = readFileSync(join(repoRoot, 'deploy', 'fogata.service'), 'utf8');
    const execStart = /^ExecStart=(.*)$/m.exec(unit)?.[1];
    expect(execStart).toBe(
      ['/usr/bin/node', ...serverNodeFlags(), '/opt/fogata/packages/server/dist/server.js'].join(
        ' ',
      ),
    );
    expect(serverNodeFlags()).toContain('--no-memory-reducer');
  });
});
