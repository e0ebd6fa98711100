// The rules panel: for each game the entries of the glossary
// (docs/glossary.md, served beside the page) that make up its rules, so
// that they are written once.
import { $, h, RULES, glossaryEntries } from './common.js';

// Text with **bold** and `code` as elements (never as HTML).
function inline(text) {
  return text.split(/(\*\*[^*]+\*\*|`[^`]+`)/).filter((p) => p).map((p) =>
    p.startsWith('**') ? h('b', {}, p.slice(2, -2)) : p.startsWith('`') ? h('code', {}, p.slice(1, -1)) : p);
}

let entries = null;
export async function showRules(game) {
  if (!RULES[game]) return;
  if (!entries) {
    try {
      entries = glossaryEntries(await (await fetch('glossary.md')).text());
    } catch (e) {
      return;
    }
  }
  $('rules-summary').textContent = `The rules of ${{ solitaire: 'Solitaire', singles: 'Singles', doubles: 'Doubles', highlow: 'High-Low' }[game]}`;
  const list = h('dl', {});
  for (const term of RULES[game]) {
    const e = entries.get(term);
    if (!e) continue;
    list.append(h('dt', {}, e.note ? `${term} ${e.note}` : term), h('dd', {}, ...inline(e.text)));
  }
  $('rules').replaceChildren(list);
  $('rules-box').dataset.game = game;
}

// Opens the panel at the game's rules (a result's "the rules" link).
export async function openRules(game) {
  await showRules(game);
  $('rules-box').open = true;
  $('rules-box').scrollIntoView({ block: 'nearest' });
}
