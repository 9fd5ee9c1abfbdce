extension InspectorHTML {
  /// The page's style: two panes (the timeline on the left, the selected step on the right),
  /// the system's fonts, a colour per origin.
  static let style = #"""
    :root {
      --sent: #2563eb; --effect: #0f766e; --enqueued: #c2410c; --initial: #6b7280;
      --ink: #1f2937; --muted: #6b7280; --line: #e5e7eb; --panel: #f8fafc; --selected: #eef2ff;
      --bar: #6366f1; color-scheme: light;
    }
    * { box-sizing: border-box; }
    html, body { height: 100%; margin: 0; }
    body {
      display: flex; flex-direction: column; color: var(--ink); background: #fff;
      font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial,
        sans-serif;
    }
    pre, kbd, td, .num, .time, .payload, .cause, .effect-end {
      font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace;
    }
    [data-origin="sent"] { --origin: var(--sent); }
    [data-origin="effect"] { --origin: var(--effect); }
    [data-origin="enqueued"] { --origin: var(--enqueued); }
    [data-origin="initial"] { --origin: var(--initial); }

    #summary { padding: 12px 20px; border-bottom: 1px solid var(--line); background: var(--panel); }
    h1 { margin: 0; font-size: 17px; font-weight: 600; }
    .facts { margin: 4px 0 0; display: flex; flex-wrap: wrap; gap: 4px 20px; color: var(--muted); }
    .facts b { color: var(--ink); }
    .origins { display: inline-flex; gap: 16px; }
    .swatch {
      display: inline-block; width: 10px; height: 10px; border-radius: 3px; margin-right: 5px;
      background: var(--origin);
    }
    #problems { margin: 0; padding: 0; list-style: none; }
    .problem {
      margin-top: 8px; padding: 6px 10px; border: 1px solid #fecaca; border-radius: 6px;
      color: #991b1b; background: #fef2f2;
    }
    .note { margin-top: 6px; color: var(--muted); }

    main {
      flex: 1; min-height: 0; display: grid;
      grid-template-columns: minmax(320px, 440px) minmax(0, 1fr);
    }
    #timeline {
      display: flex; flex-direction: column; min-height: 0; border-right: 1px solid var(--line);
    }
    .filter {
      display: flex; gap: 8px; align-items: center; padding: 10px 12px;
      border-bottom: 1px solid var(--line);
    }
    #filter {
      flex: 1; min-width: 0; padding: 5px 8px; font: inherit;
      border: 1px solid #d1d5db; border-radius: 6px;
    }
    #filter-count { color: var(--muted); font-size: 12px; white-space: nowrap; }
    #steps { flex: 1; overflow-y: auto; list-style: none; margin: 0; padding: 4px 0; }
    .step a {
      display: grid; grid-template-columns: 2.4em minmax(0, 1fr) auto 5.6em; gap: 10px;
      align-items: baseline; padding: 4px 12px 4px 8px; border-left: 4px solid var(--origin);
      color: inherit; text-decoration: none;
    }
    .step a:hover { background: #f3f4f6; }
    .step.selected a { background: var(--selected); box-shadow: inset 0 0 0 1px #c7d2fe; }
    .step.is-cause a { background: #f0fdfa; }
    .num { color: var(--muted); font-size: 12px; text-align: right; }
    .label { overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
    .case { font-weight: 600; color: var(--origin); }
    .payload { font-size: 12px; }
    .cause, .time { color: var(--muted); font-size: 12px; }
    .time { text-align: right; }
    .keys {
      margin: 0; padding: 8px 12px; border-top: 1px solid var(--line); color: var(--muted);
      font-size: 12px;
    }
    kbd {
      margin-right: 2px; padding: 0 4px; font-size: 11px; background: #fff;
      border: 1px solid #d1d5db; border-bottom-width: 2px; border-radius: 4px;
    }

    #details { min-width: 0; overflow-y: auto; padding: 16px 24px 24px; }
    h2 { margin: 0; font-size: 18px; font-weight: 600; }
    h2 .payload { font-size: 15px; font-weight: 400; }
    h3 {
      margin: 18px 0 6px; font-size: 12px; font-weight: 600; letter-spacing: .05em;
      text-transform: uppercase; color: var(--muted);
    }
    #selected-meta {
      display: flex; flex-wrap: wrap; align-items: center; gap: 6px 14px; margin: 6px 0 0;
      color: var(--muted);
    }
    .badge {
      padding: 1px 9px; border-radius: 999px; color: #fff; background: var(--origin);
      font-size: 12px; line-height: 18px;
    }
    .columns { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 24px; }
    pre {
      margin: 0; padding: 10px 12px; max-height: 320px; overflow: auto; font-size: 12.5px;
      white-space: pre-wrap; word-break: break-word;
      background: var(--panel); border: 1px solid var(--line); border-radius: 6px;
    }
    .empty { margin: 0; color: var(--muted); }
    table { border-collapse: collapse; font-size: 12.5px; }
    .changes { width: 100%; }
    th { padding: 2px 8px; text-align: left; font-weight: 500; color: var(--muted); }
    td {
      padding: 4px 8px; vertical-align: top; word-break: break-word;
      border-top: 1px solid var(--line);
    }
    .changes .old { color: #b91c1c; background: #fef2f2; }
    .changes .new { color: #15803d; background: #f0fdf4; }
    .changes .arrow { color: var(--muted); }
    .absent, .removed { font-style: italic; }
    .stages td { border: 0; padding: 2px 8px; }
    .stages .value { text-align: right; }
    .stage-bar {
      display: inline-block; min-width: 2px; height: 10px; border-radius: 2px; background: #a78bfa;
    }
    .stages .total td { border-top: 1px solid var(--line); font-weight: 600; }

    #effects {
      display: grid; grid-template-columns: 10em minmax(0, 1fr) 14em; gap: 6px 12px;
      align-items: center;
    }
    .effect, .axis { display: contents; }
    .effect-label {
      overflow: hidden; white-space: nowrap; text-overflow: ellipsis; color: inherit;
      text-decoration: none;
    }
    .effect.selected .effect-label { font-weight: 700; }
    .track { position: relative; height: 18px; background: #f3f4f6; border-radius: 4px; }
    .effect.selected .track { box-shadow: 0 0 0 2px #c7d2fe; }
    .bar { position: absolute; top: 4px; bottom: 4px; border-radius: 3px; background: var(--bar); }
    .effect.cancelled .bar, .key.cancelled {
      background: repeating-linear-gradient(135deg, #ef4444 0 4px, #fca5a5 4px 8px);
    }
    .effect.running .bar, .key.running {
      background: linear-gradient(90deg, var(--bar), #c7d2fe); border-radius: 3px 0 0 3px;
    }
    .delivery, .now { position: absolute; width: 2px; margin-left: -1px; }
    .delivery { top: 1px; bottom: 1px; background: var(--effect); }
    .now { top: -3px; bottom: -3px; background: #111827; opacity: .6; }
    .effect-end { font-size: 12px; color: var(--muted); }
    .effect.cancelled .effect-end { color: #b91c1c; }
    .axis div {
      display: flex; justify-content: space-between; font-size: 11px; color: var(--muted);
    }
    .legend { margin-left: 8px; font-weight: 400; letter-spacing: 0; text-transform: none; }
    .key {
      display: inline-block; width: 14px; height: 8px; margin: 0 4px 0 10px; border-radius: 2px;
      background: var(--bar);
    }
    .key.delivery { position: static; width: 2px; height: 10px; margin-left: 10px; }
    """#

  /// The page's script: reads the recording's JSON, rebuilds states, shows the selected step,
  /// filters the timeline and moves the selection with the keyboard.
  static let script = #"""
    (() => {
      'use strict';
      const data = JSON.parse(document.getElementById('recording').textContent);
      const steps = data.steps;
      // items[0] is step 0, the initial state; items[i] is steps[i - 1].
      const items = Array.from(document.querySelectorAll('#steps > li.step'));
      const filter = document.getElementById('filter');
      let selected = -1;

      const has = (object, key) => Object.prototype.hasOwnProperty.call(object, key);
      const copy = (value) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));
      // The value with the keys of every object sorted, as the recording writes them.
      function sorted(value) {
        if (Array.isArray(value)) return value.map(sorted);
        if (value === null || typeof value !== 'object') return value;
        const result = {};
        for (const key of Object.keys(value).sort()) result[key] = sorted(value[key]);
        return result;
      }
      const pretty = (value) => JSON.stringify(sorted(value), null, 2);
      const compact = (value) => JSON.stringify(sorted(value));

      // Applies one change to a state; returns the new state (the same object unless the path is
      // empty).
      function apply(state, change) {
        const path = change.path;
        if (path.length === 0) return change.removed ? null : copy(change.value);
        if (state === null || typeof state !== 'object') {
          state = typeof path[0] === 'number' ? [] : {};
        }
        let target = state;
        for (let i = 0; i < path.length - 1; i++) {
          if (target[path[i]] === null || typeof target[path[i]] !== 'object') {
            target[path[i]] = typeof path[i + 1] === 'number' ? [] : {};
          }
          target = target[path[i]];
        }
        const last = path[path.length - 1];
        // An index at an array's length appends; a removed index takes the element out.
        if (change.removed) {
          if (Array.isArray(target)) target.splice(last, 1);
          else delete target[last];
        } else target[last] = copy(change.value);
        return state;
      }

      // The state after steps[index] (index -1: the initial state), rebuilt from the nearest
      // snapshot at or before it and the changes of the steps after that snapshot.
      function stateAfter(index) {
        let base = index;
        while (base >= 0 && !has(data.snapshots, steps[base].step)) base--;
        let state = copy(base >= 0 ? data.snapshots[steps[base].step] : data.state);
        for (let i = base + 1; i <= index; i++) {
          for (const change of steps[i].changes) state = apply(state, change);
        }
        return state;
      }

      // The value at a path, or undefined when there is none.
      function valueAt(state, path) {
        let value = state;
        for (const key of path) {
          if (value === null || typeof value !== 'object' || !has(value, key)) return undefined;
          value = value[key];
        }
        return value;
      }

      function pathText(path) {
        if (path.length === 0) return '(the whole state)';
        return path.map((key, i) => {
          if (typeof key === 'number') return '[' + key + ']';
          if (/^[A-Za-z_$][\w$]*$/.test(key)) return (i === 0 ? '' : '.') + key;
          return '[' + JSON.stringify(key) + ']';
        }).join('');
      }

      const seconds = (nanoseconds) => (Math.round(nanoseconds / 1e6) / 1000).toFixed(3) + ' s';
      function duration(nanoseconds) {
        if (nanoseconds < 1e3) return nanoseconds + ' ns';
        if (nanoseconds < 1e6) return (nanoseconds / 1e3).toFixed(1) + ' µs';
        if (nanoseconds < 1e9) return (nanoseconds / 1e6).toFixed(2) + ' ms';
        return seconds(nanoseconds);
      }

      function element(tag, attributes, ...children) {
        const node = document.createElement(tag);
        for (const [name, value] of Object.entries(attributes || {})) {
          node.setAttribute(name, value);
        }
        node.append(...children);
        return node;
      }
      const empty = (text) => element('p', { class: 'empty' }, text);

      // Checks that the changes lead to each snapshot; reports the steps where they do not.
      function checkSnapshots() {
        const mismatches = [];
        let state = copy(data.state);
        for (const step of steps) {
          for (const change of step.changes) state = apply(state, change);
          if (!has(data.snapshots, step.step)) continue;
          if (compact(state) !== compact(data.snapshots[step.step])) mismatches.push(step.step);
          state = copy(data.snapshots[step.step]);
        }
        if (mismatches.length === 0) return;
        document.getElementById('problems').append(element('li',
          { class: 'problem', id: 'snapshot-mismatch' },
          'The changes do not lead to the snapshot of step' + (mismatches.length > 1 ? 's ' : ' ') +
          mismatches.join(', ') +
          ': the states from there on are rebuilt from the snapshot.'));
      }

      function renderDiff(index) {
        const diff = document.getElementById('diff');
        diff.replaceChildren();
        if (index < 0) return diff.append(empty('Step 0 is the initial state.'));
        const changes = steps[index].changes;
        if (changes.length === 0) return diff.append(empty('This step changed nothing.'));
        let state = stateAfter(index - 1);
        const body = element('tbody');
        for (const change of changes) {
          const old = valueAt(state, change.path);
          const path = pathText(change.path);
          body.append(element('tr', { class: 'change', 'data-path': path },
            element('td', { class: 'path' }, path),
            old === undefined
              ? element('td', { class: 'old absent' }, 'absent')
              : element('td', { class: 'old' }, compact(old)),
            element('td', { class: 'arrow' }, '→'),
            change.removed
              ? element('td', { class: 'new removed' }, 'removed')
              : element('td', { class: 'new' }, compact(change.value))));
          state = apply(state, change);
        }
        diff.append(element('table', { class: 'changes' },
          element('thead', {}, element('tr', {},
            element('th', {}, 'path'), element('th', {}, 'before'), element('th'),
            element('th', {}, 'after'))),
          body));
      }

      function renderStages(step) {
        const box = document.getElementById('stages');
        if (!box) return;
        box.replaceChildren();
        const stages = step && data.stages[step.step];
        if (!stages) return box.append(empty('No stage durations were recorded for this step.'));
        const order = ['queue', 'mutate', 'reduce', 'effect'];
        const rank = (name) => (order.includes(name) ? order.indexOf(name) : order.length);
        const names = Object.keys(stages).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
        const longest = Math.max(1, ...names.map((name) => stages[name]));
        const total = names.reduce((sum, name) => sum + stages[name], 0);
        const rows = names.map((name) => element('tr', { class: 'stage', 'data-stage': name },
          element('td', { class: 'name' }, name),
          element('td', { class: 'value' }, duration(stages[name])),
          element('td', {}, element('span', {
            class: 'stage-bar', style: 'width:' + Math.round(stages[name] / longest * 240) + 'px',
          }))));
        rows.push(element('tr', { class: 'total' }, element('td', {}, 'total'),
          element('td', { class: 'value' }, duration(total)), element('td')));
        box.append(element('table', { class: 'stages' }, element('tbody', {}, ...rows)));
      }

      function renderMeta(step) {
        const meta = document.getElementById('selected-meta');
        meta.replaceChildren();
        if (!step) return meta.append(element('span', {}, 'the state when the recording began'));
        meta.append(element('span', { class: 'badge', 'data-origin': step.origin }, step.origin),
          element('span', { class: 'at' }, 'at ' + seconds(step.time)));
        if (step.cause !== undefined) {
          meta.append(element('span', { class: 'caused-by' }, 'delivered by the effect of ',
            element('a', { href: '#step=' + step.cause }, '#' + step.cause)));
        }
        if (step.startsEffect) {
          const end = data.effectEnds[step.step];
          meta.append(element('span', { class: 'starts-effect' }, !end
            ? 'starts an effect, still running at the end'
            : 'starts an effect, ' + (end.cancelled ? 'cancelled' : 'ended') + ' at ' +
              seconds(end.time)));
        }
      }

      function select(index, updateHash) {
        if (selected >= 0) {
          items[selected].classList.remove('selected');
          items[selected].removeAttribute('aria-selected');
        }
        selected = index;
        const item = items[index];
        item.classList.add('selected');
        item.setAttribute('aria-selected', 'true');
        document.body.setAttribute('data-selected-step', item.dataset.step);
        const stepIndex = index - 1;
        const step = steps[stepIndex];

        const title = document.getElementById('selected-title');
        title.replaceChildren('Step ' + item.dataset.step + ' · ');
        if (step) {
          title.append(element('span', { class: 'case', 'data-origin': step.origin }, step.case),
            element('span', { class: 'payload' }, step.payload));
        } else {
          title.append('initial state');
        }
        renderMeta(step);
        document.getElementById('action').textContent = step ? pretty(step.action) : '(none)';
        document.getElementById('state').textContent = pretty(stateAfter(stepIndex));
        renderDiff(stepIndex);
        renderStages(step);

        for (const other of items) {
          other.classList.toggle('is-cause', !!step && other.dataset.step === String(step.cause));
        }
        // The effect the step started, or the one that delivered its action.
        for (const row of document.querySelectorAll('.effect')) {
          row.classList.toggle('selected', row.dataset.step === item.dataset.step ||
            (!!step && row.dataset.step === String(step.cause)));
        }
        const span = Math.max(1, data.endTime);
        const time = step ? step.time : 0;
        const left = Math.round(time / span * 10000) / 100 + '%';
        for (const now of document.querySelectorAll('.track .now')) now.style.left = left;

        item.scrollIntoView({ block: 'nearest' });
        if (updateHash) {
          try {
            history.replaceState(null, '', '#step=' + item.dataset.step);
          } catch (error) {
            // A page opened from a file may refuse; the selection still moves.
          }
        }
      }

      function applyFilter() {
        const text = filter.value.trim().toLowerCase();
        let shown = 0;
        for (const item of items) {
          item.hidden = text !== '' && !item.dataset.case.toLowerCase().includes(text);
          if (!item.hidden && item.dataset.step !== '0') shown++;
        }
        document.getElementById('filter-count').textContent =
          text === '' ? '' : shown + (shown === 1 ? ' step matches' : ' steps match');
      }

      // Selects the step the URL's fragment names (#step=3, optionally &filter=load), or the last.
      function selectFromHash() {
        const parameters = new URLSearchParams(location.hash.slice(1));
        if (parameters.has('filter')) {
          filter.value = parameters.get('filter');
          applyFilter();
        }
        const index = items.findIndex((item) => item.dataset.step === parameters.get('step'));
        select(index >= 0 ? index : items.length - 1, false);
      }

      document.addEventListener('keydown', (event) => {
        if (event.altKey || event.ctrlKey || event.metaKey) return;
        const typing = event.target === filter;
        if (event.key === '/' && !typing) {
          event.preventDefault();
          return filter.focus();
        }
        if (typing && event.key === 'Escape') return filter.blur();
        if (typing && event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
        const listed = items.map((item, index) => index).filter((index) => !items[index].hidden);
        let target;
        switch (event.key) {
          case 'ArrowDown': case 'j': target = listed.find((index) => index > selected); break;
          case 'ArrowUp': case 'k':
            target = listed.filter((index) => index < selected).pop();
            break;
          case 'Home': target = listed[0]; break;
          case 'End': target = listed[listed.length - 1]; break;
          default: return;
        }
        event.preventDefault();
        if (target !== undefined) select(target, true);
      });
      filter.addEventListener('input', applyFilter);
      window.addEventListener('hashchange', selectFromHash);
      checkSnapshots();
      selectFromHash();
    })();
    """#
}
