// The replay page's controller (inlined into the page after render.mjs). It draws the position
// the data gives for the current step and nothing else: every board, region, match and score was
// computed by the engine in Node. Steps: SameGame actions, or Columns columns.
/* global DATA, sameGameSvg, columnsSvg */
(() => {
  const data = JSON.parse(document.getElementById('replay-data').textContent);
  const isSameGame = data.game === 'samegame';
  const last = isSameGame ? data.frames.length - 1 : data.columns.length;
  const $ = (id) => document.getElementById(id);
  const view = $('view');
  const slider = $('slider');
  const playButton = $('play');
  const glyphs = $('glyphs');
  let step = 0;
  let timer;

  slider.max = String(last);

  const escapeHtml = (text) =>
    String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
  const fact = (label, value, testid) =>
    `<div><dt>${label}</dt><dd${testid ? ` data-testid="${testid}"` : ''}>${value}</dd></div>`;

  function sameGameStep(n) {
    const frame = data.frames[n];
    view.innerHTML = sameGameSvg(frame.cells, data.width, data.height, {
      colors: data.colors,
      glyphs: glyphs.checked,
      outline: frame.next ?? [],
      size: Math.max(8, Math.min(32, Math.floor(480 / Math.max(data.width, data.height)))),
      label: `board after ${n} of ${last} actions`,
    });
    const action = frame.action;
    let facts = fact('Action', `${n}`, 'move') + fact('of', `${last}`);
    facts += fact('Score', `${frame.score}`, 'score');
    facts += fact('This action', action ? (action.status === 'applied' ? `+${action.points}` : '0') : '–');
    facts += fact('Cells left', `${frame.cellsLeft}`) + fact('Colors left', `${frame.colorsLeft}`);
    $('facts').innerHTML = facts;
    const notes = [];
    if (action) {
      const at = action.x === undefined ? '' : ` at ${action.x} ${action.y}`;
      if (action.status === 'applied')
        notes.push(
          `Action ${n}${at} removed ${action.removed} cells: (${action.removed} - 2)² = ${action.points - action.clearBonus} points.`,
        );
      if (action.clearBonus > 0) notes.push(`<strong>Board cleared: +${action.clearBonus} bonus.</strong>`);
      if (action.status === 'warning')
        notes.push(
          `<span class="warning">Warning at action ${n}${at} (${escapeHtml(action.code)}): ${escapeHtml(action.message)} The board is unchanged.</span>`,
        );
      if (action.status === 'error')
        notes.push(
          `<span class="error">Error at action ${n} (${escapeHtml(action.code)}): ${escapeHtml(action.message)} The game ends here.</span>`,
        );
    }
    if (frame.next) notes.push('The outlined region is what the next action removes.');
    if (n === last)
      notes.push(
        `Game over: ${escapeHtml(data.verdict.end)}, ${data.verdict.score} points, ${data.verdict.moves} moves, ${data.verdict.warnings} warnings (${escapeHtml(data.protocol)}).`,
      );
    $('notes').innerHTML = notes.map((t) => `<p>${t}</p>`).join('');
    $('stages').innerHTML = '';
  }

  // A Columns field arrives as its stacks joined by '/', bottom to top: the cells the drawing takes.
  const cellsOf = (stacks) =>
    stacks
      .split('/')
      .map((stack) => stack + '.'.repeat(data.height - stack.length))
      .join('');

  function columnsStep(n) {
    const size = Math.max(8, Math.min(26, Math.floor(420 / data.height)));
    const done = n > 0 ? data.columns[n - 1] : undefined;
    const next = data.columns[n];
    const cells = done ? cellsOf(done.field) : '.'.repeat(data.width * data.height);
    const incoming = next
      ? {
          x: next.position - 1,
          jewels: next.landing,
          ...(next.magicColor ? { magicColor: next.magicColor } : {}),
          gameOver: next.gameOver === true,
        }
      : undefined;
    view.innerHTML = columnsSvg(cells, data.width, data.height, {
      colors: data.colors,
      glyphs: glyphs.checked,
      size,
      incoming,
      label: `field after ${n} of ${last} columns`,
    });
    let facts = fact('Column', `${n}`, 'move') + fact('of', `${data.columnCount}`);
    facts += fact('Score', `${done ? done.total : 0}`, 'score');
    facts += fact('This column', done ? `+${done.points}` : '–');
    $('facts').innerHTML = facts;
    const notes = [];
    if (!data.valid)
      notes.push(
        `<span class="error">Invalid output, score 0: line ${data.error.line}: ${escapeHtml(data.error.message)}</span>`,
      );
    if (done) {
      const how = done.byDefault ? " (default placement: after the output's last line)" : '';
      notes.push(
        `Column ${n} <code>${done.token}</code> went to position ${done.position} with ${done.shifts} shift${done.shifts === 1 ? '' : 's'}${how}: +${done.points}.`,
      );
      if (done.magicColor) notes.push(`Magic column: it cleared every <strong>${done.magicColor}</strong> jewel.`);
      if (done.gameOver)
        notes.push(
          `<span class="error">Column ${n} stuck out of the field: the game ended there, scoring nothing for it.</span>`,
        );
      const combos = (done.stages ?? []).filter((s) => s.combo !== undefined).length;
      if (combos > 0) notes.push(`${combos} matching step${combos > 1 ? 's' : ''} (combo up to ${combos}).`);
    }
    if (next) {
      const what =
        next.token === '***'
          ? `magic${next.magicColor ? `, will clear ${next.magicColor}` : ', lands on the floor'}`
          : `<code>${next.landing}</code> after ${next.shifts} shift${next.shifts === 1 ? '' : 's'}`;
      notes.push(`Next: column ${n + 1} (${what}) to position ${next.position}.`);
      if (next.gameOver)
        notes.push(`<span class="error">Column ${n + 1} sticks out of the field: the game ends there.</span>`);
    }
    if (n === last)
      notes.push(`Final score ${data.score}${data.gameOverAt ? `; the game ended at column ${data.gameOverAt}` : ''}.`);
    $('notes').innerHTML = notes.map((t) => `<p>${t}</p>`).join('');
    // How this column resolved, one small picture per stage, drawn only for the current step.
    const stages = done?.stages ?? [];
    $('stages').innerHTML = stages
      .map((s) => {
        const title = s.combo === undefined ? `magic: +${s.points}` : `combo ${s.combo}: +${s.points}`;
        const svg = columnsSvg(cellsOf(s.field), data.width, data.height, {
          colors: data.colors,
          glyphs: glyphs.checked,
          size: Math.max(5, Math.floor(size / 2)),
          marks: s.marks ?? [],
          label: title,
        });
        return `<figure>${svg}<figcaption>${title}</figcaption></figure>`;
      })
      .join('');
  }

  function show(n, updateHash = true) {
    step = Math.max(0, Math.min(last, n));
    slider.value = String(step);
    if (isSameGame) sameGameStep(step);
    else columnsStep(step);
    if (updateHash) history.replaceState(null, '', `#move=${step}`);
  }

  function stop() {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
    playButton.textContent = '▶ Play';
    playButton.setAttribute('aria-label', 'Play');
  }

  function play() {
    if (timer !== undefined) return stop();
    if (step >= last) show(0);
    playButton.textContent = '❚❚ Pause';
    playButton.setAttribute('aria-label', 'Pause');
    timer = setInterval(() => (step >= last ? stop() : show(step + 1)), isSameGame ? 500 : 80);
  }

  const fromHash = () => {
    const match = /move=(\d+)/.exec(location.hash);
    return match ? Number(match[1]) : 0;
  };

  $('first').addEventListener('click', () => show(0));
  $('prev').addEventListener('click', () => show(step - 1));
  playButton.addEventListener('click', play);
  $('next').addEventListener('click', () => show(step + 1));
  $('last').addEventListener('click', () => show(last));
  slider.addEventListener('input', () => show(Number(slider.value)));
  glyphs.addEventListener('change', () => show(step, false));
  window.addEventListener('hashchange', () => show(fromHash(), false));
  document.addEventListener('keydown', (event) => {
    const onSlider = event.target === slider;
    if (event.key === ' ' && event.target.tagName !== 'BUTTON') {
      event.preventDefault();
      play();
    } else if (onSlider) {
      return; // the slider moves itself with the arrows, Home and End
    } else if (event.key === 'ArrowRight') show(step + 1);
    else if (event.key === 'ArrowLeft') show(step - 1);
    else if (event.key === 'Home') show(0);
    else if (event.key === 'End') show(last);
  });
  show(fromHash(), false);
})();
