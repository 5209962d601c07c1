import { describe, expect, it } from 'vitest';
import { parseWflCommand, valvePercent, WFL_COMMAND_RULES, wflRuleMessage } from './wfl-commands.ts';

const reasonOf = (command: string) => {
  const r = parseWflCommand(command);
  return r.ok ? null : r.reason;
};

describe('parseWflCommand', () => {
  it('accepts the reference table’s commands and echoes the transaction number', () => {
    expect(parseWflCommand('101,!R1D2F1|Lamp|On')).toMatchObject({ ok: true, reply: '101,OK' });
    expect(parseWflCommand('!R1D2FdP32')).toMatchObject({ ok: true, effect: { kind: 'dim', level: 32 } });
    expect(parseWflCommand('!R3DhF*tP20.5')).toMatchObject({
      effect: { kind: 'temperature', celsius: 20.5 },
    });
    expect(parseWflCommand('!R1D3F*tP21.5')).toMatchObject({
      effect: { kind: 'temperature', celsius: 21.5 },
    });
    expect(parseWflCommand('!R3Dh1F*vP55')).toMatchObject({ effect: { kind: 'valve', percent: 50 } });
    expect(parseWflCommand('!R3DhF*pP0700-21;2230-16.5')).toMatchObject({
      effect: {
        kind: 'profile',
        slots: [
          { time: '07:00', celsius: 21 },
          { time: '22:30', celsius: 16.5 },
        ],
      },
    });
    expect(parseWflCommand('!R2FmP3')).toMatchObject({ effect: { kind: 'mood', mood: 3 } });
    expect(parseWflCommand('!R2Fa')).toMatchObject({ effect: { kind: 'allOff', room: 2 } });
  });

  it('refuses values outside the spec’s ranges, naming the rule', () => {
    expect(parseWflCommand('7,!R1D2FdP0')).toMatchObject({
      ok: false,
      reply: '7,ERR,dim level must be 1 to 32',
      reason: WFL_COMMAND_RULES.dim,
    });
    expect(parseWflCommand('!R1D2FdP33').ok).toBe(false);
    expect(parseWflCommand('!R1D2FdP1').ok).toBe(true);
    expect(parseWflCommand('!R1DhF*tP40.5').ok).toBe(false);
    expect(parseWflCommand('!R1DhF*tP20.3').ok).toBe(false);
    expect(parseWflCommand('!R1DhF*tP-1').ok).toBe(false);
    expect(parseWflCommand('!R1DhF*tP0').ok).toBe(true);
    expect(parseWflCommand('!R1DhF*tP40').ok).toBe(true);
    expect(parseWflCommand('!R1DhF*vP61')).toMatchObject({ ok: false, reason: WFL_COMMAND_RULES.valve });
    expect(parseWflCommand('!R1DhF*vP49').ok).toBe(false);
    expect(parseWflCommand('!R1DhF*pP0600-20;0700-20;0800-20;0900-20;1000-20').ok).toBe(true);
    expect(parseWflCommand('!R1DhF*pP0600-20;0700-20;0800-20;0900-20;1000-20;1100-20').reply).toBe(
      'ERR,a profile has at most 5 slots',
    );
    expect(reasonOf('!R1DhF*pP2500-20')).toBe(WFL_COMMAND_RULES.slot);
    expect(reasonOf('!R81D1F1')).toBe(WFL_COMMAND_RULES.room);
    expect(reasonOf('!R1FmP6')).toBe(WFL_COMMAND_RULES.mood);
    expect(parseWflCommand('hello').reply).toBe('ERR,unknown command');
    expect(reasonOf('   ')).toBe(WFL_COMMAND_RULES.empty);
  });

  it('maps valve codes 50..60 to 0..100 %', () => {
    expect([50, 51, 55, 60].map(valvePercent)).toEqual([0, 10, 50, 100]);
    expect(valvePercent(49)).toBeNull();
    expect(valvePercent(61)).toBeNull();
  });

  it('words a refusal as a sentence', () => {
    expect(wflRuleMessage(WFL_COMMAND_RULES.temperature)).toBe('Temperature must be 0 to 40 in 0.5 steps.');
    expect(wflRuleMessage(WFL_COMMAND_RULES.unknown)).toMatch(/^Unknown command/);
  });
});
