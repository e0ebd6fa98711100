// A corpus of bad requests to the board's API (issue 37): malformed JSON,
// wrong types, bad positions, illegal moves, unknown fields, oversized
// bodies, wrong methods and paths. Built from a few parts crossed with
// each other, the same on every run; tests/wasm/corpus.test.mjs sends each
// to `scarney serve` and to the WebAssembly module and wants the same
// bytes back.

const solitaire = 'game: solitaire\nphase: jump\nplacement: Y4 on C2, Y3 on C5, B2 on C10, G3 on C11, B1 on C14, R4 on C15\n';
const highlow = 'game: highlow\nphase: removal\nplacement: G4 on C1, G3 on C2, R1 on C3, B1 on C4\n';
const doubles = 'game: doubles\nphase: jump\nplacement: G4 on C1, R3 on C2, B2 on C6, Y1 on C7\n';
const placing = 'game: highlow\nphase: placement\nplacement: G4 on C1, R3 on C2\nhands: A=G1 G2 G3 B1 B2 B3 B4 B=R1 R2 R4 Y1 Y2 Y3 Y4\n';

// Position texts that do not read, each wrong in one way.
export const badPositions = [
  '',
  '\n\n# only a comment\n',
  'game: chess\n',
  'game: solitaire\nphase: nothing\n',
  'game: solitaire\nphase: jump\nplacement: B5 on C1\n',
  'game: solitaire\nphase: jump\nplacement: B1 on C17\n',
  'game: solitaire\nphase: jump\nplacement: B1 C1\n',
  'game: solitaire\nphase: jump\nplacement: B1 on\n',
  'game: solitaire\nphase: jump\nplacement: B1 on C1, B1 on C2\n',
  'game: solitaire\nphase: jump\nplacement: B1 on C1, B2 on C1\n',
  'game: solitaire\nphase: jump\n',
  'game: solitaire\ngame: singles\nplacement: B1 on C1\n',
  'colour: red\n',
  'game solitaire\n',
  'game:\n',
  'title: bell\u0007\ngame: solitaire\nplacement: B1 on C1\n',
  'game: solitaire\nphase: removal\nplacement: B1 on C1\n',
  'game: highlow\nphase: jump\nplacement: B1 on C1\n',
  'game: doubles\nphase: takeoff\nplacement: B1 on C1\n',
  'game: doubles\nphase: takeoff2\nplacement: B1 on C1\n',
  'game: solitaire\nphase: placement\n',
  'game: highlow\nremoved: 1\nplacement: B1 on C1\n',
  'game: highlow\nremoved: x 2\nplacement: B1 on C1\n',
  'game: highlow\nremoved: 30 30\nplacement: B1 on C1\n',
  'game: singles\nremoved: 1 1\nplacement: B1 on C1\n',
  'game: singles\nhands: A=B1\nplacement: B1 on C1\n',
  'game: highlow\nphase: placement\nplacement: G4 on C1\n',
  'game: highlow\nphase: placement\nplacement: G4 on C1\nhands: A=G1 G2\n',
  'game: highlow\nphase: placement\nplacement: G4 on C1\nhands: A=G1 G2 G3 B1 B2 B3 B4 B=R1 R2 R3 R4 Y1 Y2 Y3 Y4 Z9\n',
  'game: highlow\nphase: placement\nplacement: G4 on C1\nhands: G1 G2\n',
  'game: highlow\nphase: placement\nplacement: G4 on C1\nhands: A=G1 G2 G3 B1 B2 B3 B4 B=R1 R2 R3 R4 Y1 Y2 Y3 Y4\nto-move: A\n',
  'game: highlow\nphase: placement\nplacement: G4 on C1\nhands: A=G1 G2 G3 B1 B2 B3 B4 B=R1 R2 R3 R4 Y1 Y2 Y3 Y4\nto-move: C\n',
  'game: highlow\nphase: placement\nplacement: G4 on C1\nhands: A=G1 G2 G3 R1 B2 B3 B4 B=B1 R2 R3 R4 Y1 Y2 Y3 Y4\n',
  'game: solitaire\nboard: x\n',
  'game: solitaire\nboard:\n  . . . .\n',
  'game: solitaire\nboard:\n  . . .\n  . . . .\n  . . . .\n  . . . .\n',
  'game: solitaire\nboard:\n  B1 . . .\n  . . . .\n  . . . .\n  . . . Q9\n',
  solitaire + '---\n' + solitaire,
  '\xff\xfeg\0a\0m\0e\0',
  'game: solitaire\nplacement: B1 on C1\nhands: A=B2\n',
  'game: solitaire\nx'.padEnd(5000, 'x') + '\n',
];

const moveBodies = [
  { position: solitaire, move: 'nonsense' },
  { position: solitaire, move: '' },
  { position: solitaire, move: 'G3 jumps B1' },
  { position: solitaire, move: 'G3 jumps Y4' },
  { position: solitaire, move: 'G3 jumps B2, G3 jumps Y4' },
  { position: solitaire, move: 'B takes off R1' },
  { position: solitaire, move: 'A removes G4' },
  { position: solitaire, move: 'take off R4' },
  { position: solitaire, move: 'G3 jumps' },
  { position: solitaire, move: 'G3 jumps B2 jumps' },
  { position: solitaire, move: 'G3 jumps B2 ☃' },
  { position: highlow, move: 'B removes G4' },
  { position: highlow, move: 'A removes G4 and G3 and R1 and B1' },
  { position: highlow, move: 'A removes G4 and G4' },
  { position: highlow, move: 'A removes B2' },
  { position: highlow, move: 'G4 jumps G3' },
  { position: doubles, move: 'take off B2' },
  { position: doubles, move: 'call Scarney now' },
  { position: placing, move: 'G1 on C3' },
  { position: 5, move: 'x' },
  { position: solitaire },
  { move: 'G3 jumps B2' },
  { position: solitaire, move: ['G3 jumps B2'] },
  { position: solitaire, move: null },
];

const gameBodies = [
  { start: 5 },
  { start: solitaire, moves: 'G3 jumps B2' },
  { start: solitaire, moves: [1] },
  { start: solitaire, moves: ['G3 jumps B1'] },
  { start: solitaire, moves: ['G3 jumps B2', 'G3 jumps B2'] },
  { start: solitaire, moves: ['99'] },
  { start: solitaire, moves: ['0'] },
  { start: solitaire, moves: [''] },
  { start: solitaire, moves: Array(201).fill('1') },
  { start: solitaire, by: 'computer' },
  { start: solitaire, by: ['robot'] },
  { start: solitaire, computer: 'C' },
  { start: solitaire, computer: 1 },
  { start: solitaire, strength: 'godlike' },
  { start: solitaire, strength: 3 },
  { start: solitaire, seed: -1 },
  { start: solitaire, seed: 'one' },
  { start: solitaire, seed: 1.5 },
  { start: solitaire, placement_samples: 0 },
  { start: solitaire, placement_samples: 65 },
  { start: solitaire, placement_samples: '8' },
  { start: solitaire, colour: 'red' },
  { start: solitaire, Moves: [] },
  { start: solitaire, match: [] },
  { start: highlow, match: ['12 -'] },
  { start: highlow, computer: 'B', match: 'x' },
  { start: highlow, computer: 'B', match: [5] },
  { start: highlow, computer: 'B', match: ['12 12'] },
  { start: highlow, computer: 'B', match: ['-'] },
  { start: highlow, computer: 'B', match: ['13 13'] },
  { start: highlow, computer: 'B', match: Array(201).fill('12 -') },
  { start: highlow, computer: 'B', match: Array(10).fill('60 -') },
  { start: highlow, moves: ['A removes B2'] },
  { start: highlow, moves: ['B removes G4'] },
  { start: doubles, moves: ['take off B2'] },
  { start: placing, moves: ['G1 on C2'] },
  { start: placing, moves: ['Q1 on C3'] },
  { start: placing, moves: ['black and red'] },
  { start: 'game: doubles\nphase: nothing\n' },
  { start: '' },
  { start: solitaire + '---\n' + solitaire },
];

const jsonTexts = [
  '', ' ', '{', '}', '[', 'nul', 'tru', '{"start": }', '{"start": "x",}', "{'start': 'x'}",
  '{"start": "\\x"}', '"just a string"', '42', 'null', '[]', '[{"start": "x"}]',
  '{"start": "x"} trailing', '\u00ff\u00fe', '{"start": "\ud800"}', '{"a":1,"a":2}',
];

export function badRequests() {
  const out = [];
  const post = (path, body) => out.push({ method: 'POST', path, body });
  for (const p of badPositions) post('/api/v1/analyse', p);
  for (const p of badPositions) post('/api/v1/game', JSON.stringify({ start: p }));
  for (const p of badPositions.slice(0, 20)) post('/api/v1/play', JSON.stringify({ position: p, move: 'G3 jumps B2' }));
  for (const b of moveBodies) post('/api/v1/play', JSON.stringify(b));
  for (const b of gameBodies) post('/api/v1/game', JSON.stringify(b));
  for (const t of jsonTexts) {
    post('/api/v1/play', t);
    post('/api/v1/game', t);
  }
  // Oversized bodies: refused before they are read as positions or JSON.
  const big = 'x'.repeat(64 * 1024 + 1);
  post('/api/v1/analyse', big);
  post('/api/v1/play', big);
  post('/api/v1/game', big);
  post('/api/v1/analyse', solitaire + '#'.repeat(64 * 1024));
  // Query strings and methods.
  const get = (path, query) => out.push({ method: 'GET', path, query });
  for (const game of ['chess', '', 'SOLITAIRE ', 'highlows'])
    get('/api/v1/deal', { game, seed: '1' });
  for (const seed of ['-1', 'x', '1.5', '18446744073709551616', ' 1', '1 '])
    get('/api/v1/deal', { game: 'doubles', seed });
  for (const index of ['1000', '-1', 'x', ''])
    get('/api/v1/deal', { game: 'doubles', seed: '1', index });
  for (const [method, path] of [['GET', '/api/v1/analyse'], ['PUT', '/api/v1/play'], ['DELETE', '/api/v1/game'],
    ['POST', '/api/v1/book'], ['POST', '/api/v1/deal'], ['GET', '/api/v1/nothing'], ['GET', '/api/v2/analyse'],
    ['POST', '/api/'], ['GET', '/api/v1/analyse/'], ['PATCH', '/api/v1/deal']])
    out.push({ method, path, body: '' });
  return out;
}
