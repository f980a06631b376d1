/// The style sheet and script every HTML report page inlines; they are the same for every
/// trace, which comes in as JSON.
enum HTMLPageAssets {
    static let style = #"""
        :root { color-scheme: light dark; --fg: #1d1f23; --muted: #5d6470; --bg: #fff; --panel: #f5f6f8;
          --line: #d5d9e0; --accent: #0b62c4; --hl: #fff2a8; --leak: #b3261e; --ok: #1b7f3b; }
        @media (prefers-color-scheme: dark) { :root { --fg: #e4e6ea; --muted: #9aa2ad; --bg: #15171a; --panel: #1e2125;
          --line: #343a42; --accent: #6cb0ff; --hl: #4a4318; --leak: #ff8a80; --ok: #7bd88f; } }
        * { box-sizing: border-box; } [hidden] { display: none !important; }
        body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg); }
        header, section { padding: 12px 16px; }
        h1 { font-size: 20px; margin: 0 0 4px; } h2 { font-size: 16px; margin: 0 0 8px; } h3 { font-size: 14px; margin: 12px 0 4px; }
        code, pre, .mono { font: 12px/1.5 ui-monospace, "SF Mono", Menlo, Consolas, monospace; }
        a { color: var(--accent); }
        .muted { color: var(--muted); }
        .note { color: var(--muted); font-style: italic; margin: 4px 0; }
        #leaks.has-leaks { border-left: 4px solid var(--leak); background: var(--panel); }
        #leaks.has-leaks h2 { color: var(--leak); }
        #leaks dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 4px 0; }
        #leaks dt { color: var(--muted); } #leaks dd { margin: 0; overflow-wrap: anywhere; }
        #leaks ol { margin: 0; padding-left: 1.4em; }
        table { border-collapse: collapse; } th, td { text-align: left; padding: 2px 10px 2px 0; vertical-align: top; }
        header { padding-bottom: 6px; }
        #lesson { padding: 0; font-size: 13px; max-width: 110em; } #lesson p { margin: 2px 0; }
        .leak-badge { color: var(--leak); font-weight: 600; }
        #stepper { position: sticky; top: 0; z-index: 2; display: flex; flex-wrap: wrap; align-items: center; gap: 4px 6px;
          padding: 6px 16px; background: var(--bg); border-bottom: 1px solid var(--line); }
        #stepper button { font: 13px system-ui, sans-serif; border: 1px solid var(--line); background: var(--panel); color: inherit;
          border-radius: 4px; padding: 3px 8px; cursor: pointer; min-width: 2.4em; }
        #stepper button:hover { border-color: var(--accent); }
        #step-count { font-weight: 600; margin-left: 6px; white-space: nowrap; }
        #step-what { color: var(--muted); flex: 1 1 20em; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
        #leaks-button.has-leaks { color: var(--leak); border-color: var(--leak); font-weight: 600; }
        #explorer { display: grid; gap: 8px; padding: 8px 16px 0;
          grid-template-columns: minmax(200px, 250px) minmax(0, 1.15fr) minmax(0, 1fr);
          grid-template-rows: minmax(0, 1.1fr) minmax(0, 1fr);
          grid-template-areas: "list flow source" "alive marbles marbles";
          height: max(520px, calc(100vh - 210px)); }
        #list-panel { grid-area: list; } #alive-panel { grid-area: alive; } #flow-panel { grid-area: flow; }
        #source-panel { grid-area: source; } #marble-panel { grid-area: marbles; }
        .panel { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; display: flex; flex-direction: column;
          min-height: 0; min-width: 0; }
        .panel > h2 { padding: 8px 10px 0; }
        .scroll { overflow: auto; min-height: 0; flex: 1; padding: 4px 10px 10px; }
        #subscription-filter { margin: 4px 10px; padding: 4px 6px; font: inherit; }
        .item { display: block; width: 100%; text-align: left; border: 0; background: none; color: inherit; font: inherit;
          padding: 3px 6px; border-radius: 4px; cursor: pointer; overflow-wrap: anywhere; }
        .item:hover { background: var(--line); } .item.active { background: var(--accent); color: #fff; }
        .item .leak-badge { color: var(--leak); font-weight: 600; } .item.active .leak-badge, .item.active .muted { color: #fff; }
        .table-box { overflow-x: auto; }
        #flow-tabs { display: flex; flex-wrap: wrap; gap: 4px; padding: 4px 10px; }
        #flow-tabs button { font: 12px system-ui, sans-serif; border: 1px solid var(--line); background: var(--bg); color: inherit;
          border-radius: 4px; padding: 2px 6px; cursor: pointer; } #flow-tabs button.active { border-color: var(--accent); color: var(--accent); }
        .step { display: flex; flex-wrap: wrap; cursor: pointer; padding: 0 4px; border-radius: 3px; }
        .step .label { flex: 1 1 12em; min-width: 0; overflow-wrap: anywhere; }
        .step:hover { background: var(--line); } .step.selected { background: var(--hl); }
        .step.init { color: var(--muted); } .step.user { font-weight: 600; white-space: normal; }
        .toggle { display: inline-block; width: 1.2em; color: var(--muted); }
        .place { color: var(--muted); margin-left: auto; padding-left: 1em; white-space: nowrap; }
        .step.user .place, .place.caller { margin-left: 0; }
        #source-head { padding: 4px 10px; overflow-wrap: anywhere; }
        #source-view pre { margin: 0; }
        .line { display: block; white-space: pre; } .line.hl { background: var(--hl); font-weight: 600; }
        .line.instrumentation { color: var(--muted); font-style: italic; } .line.after-fold { border-top: 1px dashed var(--line); }
        .fold-toggle { font: 12px system-ui, sans-serif; font-weight: normal; color: var(--muted); margin-left: 8px; }
        .alive-object { padding: 1px 0; overflow-wrap: anywhere; } #marbles > p { margin: 0 0 4px; } .alive-object.new { background: var(--hl); } .alive-object.subject { font-weight: 600; }
        .alive-state { color: var(--muted); padding-left: 1.5em; overflow-wrap: anywhere; } .alive-state.recorded { color: inherit; } .alive-state.changed { background: var(--hl); }
        .event.current .marble { stroke: var(--fg); stroke-width: 3; } .event.current .end-mark { stroke: var(--hl); }
        .event.cause .marble { fill: #8a5cf6; } .event.effect .marble { fill: var(--ok); }
        .event.same-value .marble { stroke: var(--hl); stroke-width: 3; } .event.current.same-value .marble { stroke: var(--fg); }
        .replay-ring { fill: none; stroke: var(--accent); stroke-dasharray: 3 2; } .subscribe-mark { fill: var(--muted); }
        #causality { margin: 0 0 4px; overflow-wrap: anywhere; } #causality .causes { margin-top: 2px; }
        .step-link { font: inherit; border: 1px solid var(--line); background: var(--bg); color: inherit; border-radius: 4px;
          padding: 0 4px; margin: 1px 4px 1px 0; cursor: pointer; }
        .event.current { outline: none; } .event.dim { opacity: .35; }
        .ln { display: inline-block; width: 4em; color: var(--muted); text-align: right; padding-right: 1em; user-select: none; }
        svg { display: block; max-width: 100%; } svg text { fill: var(--fg); font: 11px system-ui, sans-serif; }
        .lane-line { stroke: var(--muted); } .marble { fill: var(--accent); } .marble-text { fill: #fff; font-size: 10px; }
        .end-mark { stroke: var(--fg); stroke-width: 3; } .error-mark { fill: var(--leak); font-size: 22px; font-weight: 700; }
        .dispose-mark { stroke: var(--leak); stroke-dasharray: 4 3; } .life { fill: var(--accent); opacity: .75; }
        .life.survivor { fill: var(--leak); } .resource-line { fill: none; stroke: var(--ok); stroke-width: 2; }
        .call-bar { fill: var(--accent); opacity: .55; } .axis { stroke: var(--line); }
        .inner-box { fill: none; stroke: var(--line); stroke-dasharray: 5 3; } .inner-lane text { font-style: italic; }
        .cancel-mark { stroke: var(--leak); stroke-width: 3; } .lane.cancelled .lane-line { stroke-dasharray: 2 3; }
        svg text.axis-label { fill: var(--muted); font-size: 10px; }
        .axis-choice { font: inherit; border: 1px solid var(--line); background: var(--bg); color: inherit; padding: 0 6px; cursor: pointer; }
        .axis-choice[aria-pressed="true"] { background: var(--hl); font-weight: 600; }
        .figure { overflow-x: auto; }
        @media (max-width: 1000px) {
          #explorer { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); grid-template-rows: 52vh 38vh 34vh;
            grid-template-areas: "flow source" "marbles marbles" "alive list"; height: auto; }
          #step-what { flex-basis: 100%; order: 9; }
        }
        @media (max-width: 600px) {
          #explorer { grid-template-columns: minmax(0, 1fr); grid-template-rows: none;
            grid-template-areas: "flow" "source" "marbles" "alive" "list"; }
          .panel { max-height: 60vh; }
        }
        """#

    static let script = #"""
        (function () {
          'use strict';
          var data = JSON.parse(document.getElementById('trace-data').textContent);
          var SVGNS = 'http://www.w3.org/2000/svg';
          function byId(id) { return document.getElementById(id); }
          function el(tag, className, text) {
            var node = document.createElement(tag);
            if (className) node.className = className;
            if (text !== undefined && text !== null) node.textContent = String(text);
            return node;
          }
          function sv(tag, attrs, text) {
            var node = document.createElementNS(SVGNS, tag);
            Object.keys(attrs || {}).forEach(function (key) { node.setAttribute(key, attrs[key]); });
            if (text !== undefined && text !== null) node.textContent = String(text);
            return node;
          }
          function tip(node, text) { node.appendChild(sv('title', {}, text)); return node; }
          function ms(ns) { return (ns / 1e6).toFixed(3) + ' ms'; }
          function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }
          function parsePlace(place) {
            if (!place) return null;
            var colon = place.lastIndexOf(':');
            var line = parseInt(place.slice(colon + 1), 10);
            return colon > 0 && line > 0 ? { file: place.slice(0, colon), line: line } : null;
          }

          var flows = {}; data.flows.forEach(function (flow) { flows[flow.number] = flow; });
          var sources = {};
          data.sources.forEach(function (source) {
            sources[source.fileID] = source;
            (source.aliases || []).forEach(function (name) { sources[name] = source; });
          });
          var leaked = {}; data.leaks.openSubscriptions.forEach(function (open) { leaked[open.subscription.id] = true; });
          var inSubscription = {};
          data.subscriptions.forEach(function (s) { s.flows.forEach(function (n) { inSubscription[n] = true; }); });
          var others = data.flows.filter(function (flow) { return !inSubscription[flow.number]; }).map(function (f) { return f.number; });
          var entries = data.subscriptions.map(function (s) {
            return { key: 'sub' + s.id, subscription: s, flows: s.flows,
              text: '#' + s.id + ' ' + s.site + ' · ' + s.end + (leaked[s.id] ? ' · leak' : '') };
          });
          if (others.length) entries.push({ key: 'other', subscription: null, flows: others, text: 'Flows outside any subscription' });
          var current = { entry: null, flow: null, step: null, event: null };

          // The subscriptions, filtered; only the first 300 matches are listed at once.
          function renderList() {
            var list = byId('subscription-list');
            var query = byId('subscription-filter').value.toLowerCase();
            clear(list);
            var shown = 0, matched = 0;
            entries.forEach(function (entry) {
              if (query && entry.text.toLowerCase().indexOf(query) < 0) return;
              matched += 1;
              if (shown >= 300) return;
              shown += 1;
              var button = el('button', 'item' + (entry === current.entry ? ' active' : ''));
              button.type = 'button';
              button.dataset.key = entry.key;
              if (entry.subscription) {
                button.appendChild(el('span', null, '#' + entry.subscription.id + ' '));
                button.appendChild(el('span', 'mono', entry.subscription.site));
                button.appendChild(el('span', 'muted', ' · ' + entry.subscription.end));
                if (leaked[entry.subscription.id]) button.appendChild(el('span', 'leak-badge', ' · leak'));
              } else {
                button.textContent = entry.text;
              }
              button.addEventListener('click', function () { selectEntry(entry, {}); });
              list.appendChild(button);
            });
            if (matched > shown) list.appendChild(el('p', 'note', (matched - shown) + ' more: narrow the filter.'));
            if (!entries.length) list.appendChild(el('p', 'note', 'No flows were recorded.'));
          }

          function selectEntry(entry, options) {
            current.entry = entry;
            renderList();
            renderMarbles(entry.subscription);
            var number = options.flow;
            if (!number || entry.flows.indexOf(number) < 0) {
              number = entry.subscription && entry.subscription.subscribeFlow ? entry.subscription.subscribeFlow : entry.flows[0];
            }
            var tabs = byId('flow-tabs');
            clear(tabs);
            if (entry.subscription && !entry.subscription.isInPage) {
              current.flow = null; current.rows = [];
              clear(byId('flow-tree'));
              byId('flow-tree').appendChild(el('p', 'note', 'This page leaves out the flows of subscription #' + entry.subscription.id
                + ' (a large trace keeps its largest flows): rxtrace report TRACE --subscription ' + entry.subscription.id + ' prints them.'));
              showSource(entry.subscription.site, 'The user code that subscribed');
              return;
            }
            entry.flows.forEach(function (n) {
              if (!flows[n]) return;
              var tab = el('button', n === number ? 'active' : '', 'Flow ' + n);
              tab.type = 'button';
              tab.title = flows[n].title;
              tab.addEventListener('click', function () { selectEntry(entry, { flow: n }); });
              tabs.appendChild(tab);
            });
            if (flows[number]) { selectFlow(flows[number], options); } else { clear(byId('flow-tree')); }
          }

          function selectFlow(flow, options) {
            current.flow = flow;
            var tree = byId('flow-tree');
            clear(tree);
            var head = el('div', 'step user', 'Flow ' + flow.number + ' · ' + flow.title + ' · thread ' + flow.thread);
            head.id = 'flow-title';
            head.tabIndex = 0;
            head.addEventListener('click', function () { selectStep(-1); });
            head.addEventListener('keydown', function (event) { if (event.key === 'Enter') selectStep(-1); });
            tree.appendChild(head);
            var rows = [];
            flow.steps.forEach(function (step, index) {
              var row = el('div', 'step' + (step.i ? ' init' : ''));
              row.setAttribute('role', 'treeitem');
              row.setAttribute('aria-level', String(step.d + 1));
              row.dataset.index = String(index);
              var hasChildren = index + 1 < flow.steps.length && flow.steps[index + 1].d > step.d;
              row.style.paddingLeft = (4 + step.d * 14) + 'px';
              var toggle = el('span', 'toggle', hasChildren ? '▾' : '·');
              if (hasChildren) {
                toggle.addEventListener('click', function (event) { event.stopPropagation(); collapse(index, toggle); });
              }
              row.appendChild(toggle);
              row.appendChild(el('span', 'label', step.l));
              if (step.p) row.appendChild(el('span', 'place', step.p));
              if (step.c) row.appendChild(el('span', 'place caller', '← ' + step.c));
              row.tabIndex = 0;
              row.addEventListener('click', function () { selectStep(index); });
              row.addEventListener('keydown', function (event) {
                if (event.key === 'Enter' || event.key === ' ') { event.preventDefault(); selectStep(index); }
                if (hasChildren && (event.key === 'ArrowLeft') === (toggle.textContent === '▾')
                    && (event.key === 'ArrowLeft' || event.key === 'ArrowRight')) { collapse(index, toggle); }
              });
              rows.push(row);
              tree.appendChild(row);
            });
            current.rows = rows;
            var index = -1;
            if (options.find) {
              index = flow.steps.findIndex(function (step) { return step.l.indexOf(options.find) >= 0; });
            } else if (options.row !== undefined) {
              index = options.row;
            }
            if (index < 0 && !flow.userPlace) index = 0;
            selectStep(index);
          }

          // Hides or shows the steps under step `index`.
          function collapse(index, toggle) {
            var steps = current.flow.steps, depth = steps[index].d;
            var hide = toggle.textContent === '▾';
            toggle.textContent = hide ? '▸' : '▾';
            for (var i = index + 1; i < steps.length && steps[i].d > depth; i++) {
              current.rows[i].hidden = hide;
              if (!hide && current.rows[i].querySelector('.toggle').textContent === '▸') {
                var inner = steps[i].d;
                while (i + 1 < steps.length && steps[i + 1].d > inner) i++;
              }
            }
          }

          function selectStep(index) {
            current.step = index;
            var flow = current.flow;
            byId('flow-title').classList.toggle('selected', index < 0);
            current.rows.forEach(function (row, i) { row.classList.toggle('selected', i === index); });
            if (index < 0) {
              showSource(flow.userPlace, 'The user code that made flow ' + flow.number);
            } else {
              var step = flow.steps[index];
              if (current.rows[index].hidden) {
                // A step inside a collapsed call: unfold the whole tree.
                current.rows.forEach(function (row) {
                  var toggle = row.querySelector('.toggle');
                  row.hidden = false;
                  if (toggle.textContent === '▸') toggle.textContent = '▾';
                });
              }
              scrollWithin(byId('flow-tree'), current.rows[index]);
              showSource(step.p, step.l, step);
            }
          }

          // Scrolls `box` (not the page) so that `row` shows a third of the way down.
          function scrollWithin(box, row) {
            var offset = row.getBoundingClientRect().top - box.getBoundingClientRect().top;
            if (offset < 0 || offset > box.clientHeight - 20) box.scrollTop += offset - box.clientHeight / 3;
          }

          // The instrumentation RxCore adds to RxSwift's code: a line that starts one of these,
          // and the lines it continues onto until its brackets balance.
          var instrumentationStart = new RegExp('^\\s*(let call = TraceCall\\.|defer \\{ call\\.exit\\(\\) \\}|(self\\.)?traceObjectID = Instrumentation\\.'
            + '|Instrumentation\\.\\w+|if let recorder = Instrumentation\\.recorder\\b|let source = traceObjectID\\b'
            + '|(@\\w+(\\([^)]*\\))? )*((public|package|internal|private|fileprivate)(\\(set\\))? )*var traceObjectID\\b)');
          var foldedLines = {};
          function instrumentationLines(source) {
            if (foldedLines[source.fileID]) return foldedLines[source.fileID];
            var folded = {}, depth = 0, inside = false;
            source.lines.forEach(function (text, i) {
              if (!inside && !instrumentationStart.test(text)) return;
              folded[i + 1] = true;
              var code = text.replace(/"(\\.|[^"\\])*"/g, '""').replace(/\/\/.*$/, '');
              for (var c = 0; c < code.length; c++) {
                if (code[c] === '(' || code[c] === '{' || code[c] === '[') depth++;
                if (code[c] === ')' || code[c] === '}' || code[c] === ']') depth--;
              }
              inside = depth > 0;
              if (!inside) depth = 0;
            });
            foldedLines[source.fileID] = folded;
            return folded;
          }

          // The step, `step` itself or the nearest step enclosing it in the shown flow, that user
          // code called (its `c`, the user's line): `{ step: that step }`, or null.
          function callerOf(step) {
            if (step.c) return { step: step };
            var steps = current.flow ? current.flow.steps : [], index = steps.indexOf(step), depth = step.d;
            for (var i = index - 1; i >= 0 && depth > 0; i--) {
              if (steps[i].d >= depth) continue;
              depth = steps[i].d;
              if (steps[i].c) return { step: steps[i] };
            }
            return null;
          }

          // `step`, when given, is the flow step shown: its link to the RxSwift line it mirrors,
          // and the user's line that called it.
          var shownSource = null;
          function showSource(place, caption, step) {
            shownSource = { place: place, caption: caption, step: step };
            var head = byId('source-head'), view = byId('source-view');
            clear(head); clear(view);
            head.appendChild(el('div', null, caption || ''));
            var at = parsePlace(place);
            if (!at) { view.appendChild(el('p', 'note', 'This step has no source line.')); return; }
            var source = sources[at.file];
            var name = el('div', 'mono');
            name.id = 'source-file';
            name.textContent = at.file + ':' + at.line;
            head.appendChild(name);
            var called = step && callerOf(step);
            if (called) {
              // The user's line behind the step, or behind the entry point it runs under.
              var caller = el('button', 'step-link', (called.step === step ? 'called at '
                : 'under ' + called.step.l.split(' ')[0] + ', called at ') + called.step.c);
              caller.id = 'source-caller';
              caller.type = 'button';
              caller.addEventListener('click', function () {
                showSource(called.step.c, 'The user code that called ' + called.step.l);
              });
              head.appendChild(caller);
            }
            if (step && step.m) {
              var link = el('a', null, 'Mirrors RxSwift ' + step.m.split('/blob/')[1]);
              link.id = 'source-mirror';
              link.href = step.m; link.target = '_blank'; link.rel = 'noopener noreferrer';
              head.appendChild(link);
            } else if (step && step.n) {
              var unlinked = el('div', 'note', step.n);
              unlinked.id = 'source-mirror';
              head.appendChild(unlinked);
            }
            if (!source || !source.lines) {
              view.appendChild(el('p', 'note', 'The source of ' + at.file + ' is not in this page: rxtrace did not find it under the source root (--source-root) nor at the path the debug information names, or it was too large.'));
              return;
            }
            var showAll = byId('show-instrumentation').checked;
            var folded = instrumentationLines(source);
            // Folded, a step's own line (its TraceCall.enter) gives its highlight to the
            // nearest code above it: the declaration of the function the step is.
            var highlighted = at.line;
            if (!showAll) {
              while (highlighted > 1 && (folded[highlighted] || !source.lines[highlighted - 1].trim()
                  || /^\s*where\b/.test(source.lines[highlighted - 1]))) highlighted--;
            }
            var pre = el('pre');
            pre.id = 'source-lines';
            var target = null, hiddenCount = 0, previousHidden = false;
            source.lines.forEach(function (text, i) {
              var number = i + 1, isFolded = !!folded[number];
              var line = el('span', 'line' + (number === highlighted ? ' hl' : '') + (isFolded ? ' instrumentation' : '')
                + (previousHidden && !(isFolded && !showAll) ? ' after-fold' : ''));
              line.appendChild(el('span', 'ln', number));
              line.appendChild(document.createTextNode(text));
              if (isFolded && !showAll) { line.hidden = true; hiddenCount += 1; }
              previousHidden = line.hidden;
              if (number === highlighted) { target = line; line.id = 'source-line'; }
              pre.appendChild(line);
            });
            pre.dataset.folded = String(hiddenCount);
            view.appendChild(pre);
            if (target) scrollWithin(view, target);
          }

          // The x axis the reader chose ('order' or 'time'); null keeps each subscription's own:
          // virtual time when a TestScheduler ran it, else event order.
          var marbleAxis = null;
          var shownSubscription = null;

          // Where each marble and mark of `subscription` sits on `axis`. The trace gives positions
          // in the subscription's own unit (event order, or virtual time); the other axis places
          // marbles by their recorded time (or their order) and marks between their neighbours.
          function axisPositions(subscription, axis) {
            var all = [];
            subscription.lanes.forEach(function (lane) { lane.marbles.forEach(function (m) { all.push(m); }); });
            all.sort(function (a, b) { return a.event - b.event; });
            var order = {};
            all.forEach(function (m, i) { order[m.event] = i; });
            var native = subscription.isVirtualTime ? 'time' : 'order';
            function time(m) { return subscription.isVirtualTime ? m.x : m.time; }
            var byNative = all.map(function (m) { return { at: m.x, other: axis === 'order' ? order[m.event] : time(m) }; })
              .sort(function (a, b) { return a.at - b.at; });
            function mark(value) {
              if (value === null || value === undefined) return null;
              if (axis === native) return value;
              if (native === 'time') return byNative.filter(function (p) { return p.at < value; }).length - 0.5;
              // From event order to time: between the neighbouring marbles' times.
              if (!byNative.length) return 0;
              var first = byNative[0], last = byNative[byNative.length - 1];
              var gap = byNative.length > 1 ? (last.other - first.other) / (byNative.length - 1) : 1;
              if (value <= first.at) return first.other - (first.at - value) * gap;
              if (value >= last.at) return last.other + (value - last.at) * gap;
              for (var i = 1; i < byNative.length; i += 1) {
                var before = byNative[i - 1], after = byNative[i];
                if (value <= after.at) {
                  var share = after.at === before.at ? 0 : (value - before.at) / (after.at - before.at);
                  return before.other + share * (after.other - before.other);
                }
              }
              return last.other;
            }
            return {
              marble: function (m) { return axis === 'order' ? order[m.event] : time(m); },
              mark: mark,
              label: function (value) {
                if (axis === 'order') return 'event ' + Math.round(value);
                return subscription.isVirtualTime ? 'virtual time ' + Math.round(value) : ms(value);
              }
            };
          }

          function renderMarbles(subscription) {
            var box = byId('marbles');
            clear(box);
            shownSubscription = subscription;
            if (!subscription) { box.appendChild(el('p', 'note', 'Choose a subscription to see its events.')); return; }
            if (!subscription.isInPage) { box.appendChild(el('p', 'note', 'The events of subscription #' + subscription.id + ' are not in this page.')); return; }
            var axis = marbleAxis || (subscription.isVirtualTime ? 'time' : 'order');
            var head = el('p', 'muted', 'Subscription #' + subscription.id + ' at ' + subscription.site + ' · ' + subscription.end
              + (data.isRecordingValues ? '' : ' · values were not recorded (RXTRACE_VALUES=0)') + ' · x axis: ');
            var toggle = el('span', 'axis-toggle');
            toggle.id = 'marble-axis';
            [['order', 'event order'], ['time', subscription.isVirtualTime ? 'virtual time' : 'time']].forEach(function (choice) {
              var button = el('button', 'axis-choice', choice[1]);
              button.type = 'button';
              button.dataset.axis = choice[0];
              button.setAttribute('aria-pressed', String(axis === choice[0]));
              button.addEventListener('click', function () { marbleAxis = choice[0]; renderMarbles(shownSubscription); });
              toggle.appendChild(button);
            });
            head.appendChild(toggle);
            box.appendChild(head);
            if (subscription.ended) box.appendChild(el('p', 'muted', subscription.ended + (subscription.endFlow ? ' · Flow ' + subscription.endFlow : '')));
            if (!subscription.lanes.length) { box.appendChild(el('p', 'note', 'No events reached this subscription.')); return; }
            var at = axisPositions(subscription, axis);
            var xs = [];
            subscription.lanes.forEach(function (lane) {
              lane.marbles.forEach(function (m) { xs.push(at.marble(m)); });
              [lane.subscribedAt, lane.cancelledAt].forEach(function (value) { if (value !== null && value !== undefined) xs.push(at.mark(value)); });
            });
            if (subscription.disposedAt !== null && subscription.disposedAt !== undefined) xs.push(at.mark(subscription.disposedAt));
            var min = Math.min.apply(null, xs), max = Math.max.apply(null, xs);
            var span = Math.max(axis === 'order' || subscription.isVirtualTime ? 1 : 1000, max - min);
            var count = xs.length;
            var left = 24, laneHeight = 58, indent = 28;
            var width = Math.max(box.clientWidth - 8, Math.min(4000, 60 + count * 44), 320);
            var height = subscription.lanes.length * laneHeight + 40;
            function x(value) { return left + indent + 16 + (value - min) / span * (width - left - indent - 48); }
            var svg = sv('svg', { width: width, height: height, id: 'marble-diagram', role: 'img', 'data-axis': axis,
              'aria-label': 'Marble diagram of subscription #' + subscription.id });
            // Each operator's inner subscriptions are boxed together under its lane.
            subscription.lanes.forEach(function (lane, i) {
              if (lane.innerOf === null || lane.innerOf === undefined) return;
              if (i > 0 && subscription.lanes[i - 1].innerOf === lane.innerOf) return;
              var last = i;
              while (subscription.lanes[last + 1] && subscription.lanes[last + 1].innerOf === lane.innerOf) last += 1;
              var top = 30 + i * laneHeight - 30, bottom = 30 + last * laneHeight + 22;
              svg.appendChild(tip(sv('rect', { x: left + indent - 8, y: top, width: width - left - indent, height: bottom - top, rx: 6,
                'class': 'inner-box', 'data-operator-lane': lane.innerOf }),
                'inner subscriptions of ' + subscription.lanes[lane.innerOf].label));
            });
            subscription.lanes.forEach(function (lane, i) {
              var y = 30 + i * laneHeight;
              var isInner = lane.innerOf !== null && lane.innerOf !== undefined;
              var laneLeft = isInner ? left + indent : left;
              var laneGroup = sv('g', { 'class': 'lane' + (isInner ? ' inner-lane' : '') + (lane.innerEnd === 'cancelled' ? ' cancelled' : ''),
                'data-lane': i });
              if (isInner) laneGroup.setAttribute('data-inner-of', lane.innerOf);
              laneGroup.appendChild(sv('text', { x: laneLeft, y: y - 16 }, (isInner ? 'inner: ' : '') + lane.label
                + (lane.innerEnd === 'cancelled' ? ' · cancelled by its operator' : '')));
              var lineEnd = lane.innerEnd === 'cancelled' && lane.cancelledAt !== null && lane.cancelledAt !== undefined
                ? x(at.mark(lane.cancelledAt)) : width - 8;
              laneGroup.appendChild(sv('line', { x1: laneLeft, y1: y, x2: lineEnd, y2: y, 'class': 'lane-line' }));
              svg.appendChild(laneGroup);
              if (lane.subscribedAt !== null && lane.subscribedAt !== undefined) {
                // The lane opens where its part of the subscription began.
                var sx = x(at.mark(lane.subscribedAt));
                svg.appendChild(tip(sv('path', { d: 'M ' + (sx - 5) + ' ' + (y - 9) + ' L ' + (sx + 4) + ' ' + y + ' L ' + (sx - 5) + ' ' + (y + 9) + ' Z',
                  'class': 'subscribe-mark' }), 'subscribed'));
              }
              if (lane.innerEnd === 'cancelled' && lane.cancelledAt !== null && lane.cancelledAt !== undefined) {
                var cx0 = x(at.mark(lane.cancelledAt));
                var cancel = sv('g', { 'class': 'cancel', 'data-kind': 'cancelled' });
                tip(cancel, 'cancelled: its operator disposed this inner subscription (flatMapLatest moved on to a newer element)');
                cancel.appendChild(sv('line', { x1: cx0 - 7, y1: y - 7, x2: cx0 + 7, y2: y + 7, 'class': 'cancel-mark' }));
                cancel.appendChild(sv('line', { x1: cx0 - 7, y1: y + 7, x2: cx0 + 7, y2: y - 7, 'class': 'cancel-mark' }));
                svg.appendChild(cancel);
              }
              lane.marbles.forEach(function (m) {
                var group = sv('g', { 'class': 'event' + (m.isReplayed ? ' replayed' : ''), 'data-kind': m.kind, 'data-event': m.event,
                  'data-value': m.value === null || m.value === undefined ? '' : String(m.value) });
                var where = m.kind + (m.value !== null && m.value !== undefined ? '(' + m.value + ')' : '')
                  + (m.isReplayed ? ' · replayed to a new subscriber' : '')
                  + ' · ' + ms(m.time) + (subscription.isVirtualTime ? ' · virtual time ' + m.x : '') + (m.flow ? ' · flow ' + m.flow : '');
                tip(group, where);
                var cx = x(at.marble(m));
                if (m.kind === 'next') {
                  if (m.isReplayed) group.appendChild(sv('circle', { cx: cx, cy: y, r: 17, 'class': 'replay-ring' }));
                  group.appendChild(sv('circle', { cx: cx, cy: y, r: 13, 'class': 'marble' }));
                  var label = m.value === null || m.value === undefined ? '' : String(m.value);
                  group.appendChild(sv('text', { x: cx, y: y + 4, 'text-anchor': 'middle', 'class': 'marble-text' },
                    label.length > 5 ? label.slice(0, 4) + '…' : label));
                } else if (m.kind === 'completed') {
                  group.appendChild(sv('line', { x1: cx, y1: y - 13, x2: cx, y2: y + 13, 'class': 'end-mark' }));
                } else {
                  group.appendChild(sv('text', { x: cx, y: y + 8, 'text-anchor': 'middle', 'class': 'error-mark' }, '×'));
                }
                group.style.cursor = 'pointer';
                group.addEventListener('click', function () { showEvent(m.event); });
                svg.appendChild(group);
              });
            });
            // The axis: where it starts and ends, in its unit.
            var axisY = height - 14;
            svg.appendChild(sv('line', { x1: x(min), y1: axisY - 10, x2: x(max), y2: axisY - 10, 'class': 'axis' }));
            var startLabel = sv('text', { x: x(min), y: axisY, 'class': 'axis-label', 'text-anchor': 'start' }, at.label(min));
            var endLabel = sv('text', { x: x(max), y: axisY, 'class': 'axis-label', 'text-anchor': 'end' }, at.label(max));
            svg.appendChild(startLabel);
            svg.appendChild(endLabel);
            if (subscription.disposedAt !== null && subscription.disposedAt !== undefined) {
              var dx = x(at.mark(subscription.disposedAt));
              var dispose = sv('g', { 'class': 'event', 'data-kind': 'disposed' });
              tip(dispose, 'disposed');
              dispose.appendChild(sv('line', { x1: dx, y1: 8, x2: dx, y2: height - 28, 'class': 'dispose-mark' }));
              dispose.appendChild(sv('text', { x: dx - 4, y: height - 30, 'text-anchor': 'end' }, 'disposed'));
              svg.appendChild(dispose);
            }
            var causality = el('div', 'mono');
            causality.id = 'causality';
            box.appendChild(causality);
            box.appendChild(svg);
            highlightMarble();
          }

          // The timelines span the recorded activity, not the idle time around it.
          var activity = { start: Infinity, end: -Infinity };
          function spans(start, end) {
            activity.start = Math.min(activity.start, start);
            activity.end = Math.max(activity.end, end);
          }
          data.lifetimes.forEach(function (type) {
            type.lives.forEach(function (life) { spans(life.start, life.end === null || life.end === undefined ? life.start : life.end); });
          });
          data.threads.forEach(function (thread) {
            thread.calls.forEach(function (call) { spans(call.start, call.start + (call.duration || 0)); });
          });
          if (activity.start > activity.end) { activity.start = 0; activity.end = data.endTime; }
          function timeScale(width) {
            var span = Math.max(1, activity.end - activity.start);
            return function (t) {
              var clamped = Math.min(Math.max(t, activity.start), activity.end);
              return 130 + (clamped - activity.start) / span * (width - 140);
            };
          }

          function renderLifetimes() {
            var box = byId('lifetimes');
            var width = Math.max(box.clientWidth - 8, 600), x = timeScale(width);
            var rows = [];
            data.lifetimes.forEach(function (type) {
              var ends = [];
              type.lives.forEach(function (life) {
                var row = 0;
                while (row < ends.length && ends[row] >= life.start) row++;
                ends[row] = life.end === null || life.end === undefined ? Infinity : life.end;
                life.row = row;
              });
              rows.push({ type: type, count: Math.max(1, ends.length) });
            });
            var y = 10, svg = sv('svg', { width: width, height: 10, id: 'lifetime-chart' });
            rows.forEach(function (row) {
              svg.appendChild(sv('text', { x: 0, y: y + 9 }, row.type.type.length > 20 ? row.type.type.slice(0, 19) + '…' : row.type.type));
              row.type.lives.forEach(function (life) {
                var survivor = life.end === null || life.end === undefined;
                var x1 = x(life.start), x2 = x(survivor ? activity.end : life.end);
                var bar = sv('rect', { x: x1, y: y + life.row * 7, width: Math.max(2, x2 - x1), height: 5,
                  'class': 'life' + (survivor ? ' survivor' : '') });
                tip(bar, row.type.type + ' #' + life.id + ': ' + ms(life.start) + ' → ' + (survivor ? 'alive at the end' : ms(life.end)));
                svg.appendChild(bar);
              });
              y += row.count * 7 + 8;
            });
            svg.setAttribute('height', y + 4);
            box.appendChild(svg);

            var resourceBox = byId('resources');
            var points = data.resources, maxTotal = 1, minTotal = Infinity;
            points.forEach(function (p) { maxTotal = Math.max(maxTotal, p.total); minTotal = Math.min(minTotal, p.total); });
            minTotal = Math.min(minTotal, 0);
            var h = 90, chart = sv('svg', { width: width, height: h + 26, id: 'resources-chart' });
            function yOf(total) { return 10 + (1 - (total - minTotal) / Math.max(1, maxTotal - minTotal)) * h; }
            var path = '';
            points.forEach(function (p, i) {
              path += (i ? ' H ' + x(p.time) + ' V ' : 'M ' + x(p.time) + ' ') + yOf(p.total);
            });
            chart.appendChild(sv('line', { x1: 130, y1: yOf(minTotal), x2: width - 10, y2: yOf(minTotal), 'class': 'axis' }));
            chart.appendChild(tip(sv('path', { d: path, 'class': 'resource-line' }), 'Resources.total'));
            chart.appendChild(sv('text', { x: 0, y: 14 }, 'Resources.total ' + maxTotal));
            chart.appendChild(sv('text', { x: 0, y: h + 10 }, String(minTotal)));
            chart.appendChild(sv('text', { x: 130, y: h + 20 }, ms(activity.start)));
            chart.appendChild(sv('text', { x: width - 10, y: h + 20, 'text-anchor': 'end' }, ms(activity.end) + ' since the run started'));
            resourceBox.appendChild(chart);
          }

          function renderThreads() {
            var box = byId('threads');
            var width = Math.max(box.clientWidth - 8, 600), x = timeScale(width);
            var y = 6, svg = sv('svg', { width: width, height: 10, id: 'thread-lanes' });
            data.threads.forEach(function (thread) {
              var deepest = 0;
              thread.calls.forEach(function (call) { deepest = Math.max(deepest, call.depth); });
              svg.appendChild(sv('text', { x: 0, y: y + 10 }, 'thread ' + thread.name));
              thread.calls.forEach(function (call) {
                var x1 = x(call.start), x2 = x(call.start + (call.duration === null ? 0 : call.duration));
                svg.appendChild(tip(sv('rect', { x: x1, y: y + call.depth * 9, width: Math.max(1.5, x2 - x1), height: 7, 'class': 'call-bar' }),
                  call.label + ' · ' + ms(call.start) + (call.duration === null ? ' · never returned' : ' · ' + ms(call.duration))));
              });
              y += (deepest + 1) * 9 + 14;
            });
            svg.setAttribute('height', y);
            box.appendChild(svg);
          }


          // ---- Stepping through the run: every moment in recorded order (four numbers each:
          // kind, flow, row in that flow, id), with the objects alive at each.
          var walk = data.walkthrough, moments = walk.moments, momentCount = moments.length / 4;
          var KIND = ['call', 'init', 'event', 'end', 'deinit'];
          // Four numbers per object: id, type, init moment, deinit moment (-1 for none).
          var objects = [], objectById = {};
          for (var o = 0; o < walk.objects.length; o += 4) {
            var made = { i: walk.objects[o], l: walk.types[walk.objects[o + 1]] + ' #' + walk.objects[o],
              s: walk.objects[o + 2], e: walk.objects[o + 3] };
            objects.push(made);
            objectById[made.i] = made;
          }
          var eventKinds = ['next', 'error', 'completed'];
          var eventById = {};
          for (var e = 0; e < walk.events.length; e += 4) {
            eventById[walk.events[e]] = { kind: walk.events[e + 1], source: walk.events[e + 2], observer: walk.events[e + 3] };
          }
          var marbleOf = {}, subscriptionsOfEvent = {};
          data.subscriptions.forEach(function (s) {
            s.lanes.forEach(function (lane) {
              lane.marbles.forEach(function (m) {
                marbleOf[m.event] = m;
                (subscriptionsOfEvent[m.event] = subscriptionsOfEvent[m.event] || []).push(s.id);
              });
            });
          });
          var subscriptionEnd = {};
          data.subscriptions.forEach(function (s) { subscriptionEnd[s.id] = s.end; });
          // Per object: the subscriptions to it, of it (its disposable), and through it (its observer).
          var subscriptionsTo = {}, subscriptionOfDisposable = {}, subscriptionOfObserver = {};
          for (var u = 0; u < walk.subscriptions.length; u += 6) {
            var sub = { id: walk.subscriptions[u], observable: walk.subscriptions[u + 1], observer: walk.subscriptions[u + 2],
              disposable: walk.subscriptions[u + 3], start: walk.subscriptions[u + 4], end: walk.subscriptions[u + 5] };
            (subscriptionsTo[sub.observable] = subscriptionsTo[sub.observable] || []).push(sub);
            if (sub.disposable) subscriptionOfDisposable[sub.disposable] = sub;
            if (sub.observer) subscriptionOfObserver[sub.observer] = sub;
          }
          var bagEntries = {};
          for (var b = 0; b < walk.bagEntries.length; b += 2) {
            (bagEntries[walk.bagEntries[b]] = bagEntries[walk.bagEntries[b]] || []).push(walk.bagEntries[b + 1]);
          }
          // The terminal events each object sent and received, with their moments.
          var terminalsSent = {}, terminalsReceived = {}, receivers = {};
          for (var t = 0; t < momentCount; t++) {
            if (moments[4 * t] !== 2) continue;
            var delivered = eventById[moments[4 * t + 3]];
            if (delivered && delivered.source && delivered.observer) {
              (receivers[delivered.source] = receivers[delivered.source] || []).push({ moment: t, observer: delivered.observer });
            }
            if (!delivered || delivered.kind === 0) continue;
            var terminal = { moment: t, kind: eventKinds[delivered.kind] };
            if (delivered.source) (terminalsSent[delivered.source] = terminalsSent[delivered.source] || []).push(terminal);
            if (delivered.observer) (terminalsReceived[delivered.observer] = terminalsReceived[delivered.observer] || []).push(terminal);
          }
          var momentOfEvent = {}, eventsOfRow = {};
          for (var v = 0; v < momentCount; v++) {
            if (moments[4 * v] !== 2) continue;
            momentOfEvent[moments[4 * v + 3]] = v;
            var rowKey = moments[4 * v + 1] + ':' + moments[4 * v + 2];
            eventsOfRow[rowKey] = (eventsOfRow[rowKey] || 0) + 1;
          }
          // The state RxCore recorded of each object (three numbers per change: moment, object,
          // text), oldest first: a subject's observers and their Bag keys, a replay buffer, a
          // SerialDisposable's inner, a connection's subscribers.
          var recordedStates = {};
          for (var w = 0; w < (walk.states || []).length; w += 3) {
            (recordedStates[walk.states[w + 1]] = recordedStates[walk.states[w + 1]] || [])
              .push({ moment: walk.states[w], text: walk.stateTexts[walk.states[w + 2]] });
          }
          function recordedState(object, at) {
            var found = null;
            (recordedStates[object] || []).forEach(function (change) { if (change.moment <= at) found = change; });
            return found;
          }
          var position = -1, playing = null;

          function isOpenAt(sub, at) { return sub.start <= at && (sub.end < 0 || sub.end > at); }
          function objectLabel(id) { return objectById[id] ? objectById[id].l : '#' + id; }

          function describe(at) {
            var kind = moments[4 * at], flow = flows[moments[4 * at + 1]], row = moments[4 * at + 2], id = moments[4 * at + 3];
            if (kind === 0) {
              var step = flow && row >= 0 ? flow.steps[row] : null;
              // A dispatch delivers to the observers the subject held: as many as its events.
              var delivered = step && /^dispatch\(/.test(step.l) ? eventsOfRow[moments[4 * at + 1] + ':' + row] || 0 : null;
              return 'call ' + (step ? step.l + (delivered !== null ? ' to ' + delivered + (delivered === 1 ? ' observer' : ' observers') : '')
                + (step.c ? ' · called at ' + step.c : '') : '#' + id);
            }
            if (kind === 1) return 'init ' + objectLabel(id);
            if (kind === 4) return 'deinit ' + objectLabel(id);
            if (kind === 3) return 'subscription #' + id + ' ends (' + (subscriptionEnd[id] || 'ended') + ')';
            var event = eventById[id], marble = marbleOf[id];
            var what = marble ? marble.kind + (marble.value !== null && marble.value !== undefined ? '(' + marble.value + ')' : '')
              : event ? eventKinds[event.kind] : 'event';
            return 'event ' + what + (event ? ' from ' + objectLabel(event.source) + ' to ' + objectLabel(event.observer) : '');
          }

          // Shows moment `at`: its row in its flow (switching subscription and flow when needed),
          // its source line, the marble it delivers, and what is alive.
          function goTo(at) {
            if (!momentCount) return;
            position = Math.max(0, Math.min(momentCount - 1, at));
            var kind = moments[4 * position], flowNumber = moments[4 * position + 1], row = moments[4 * position + 2];
            var id = moments[4 * position + 3];
            current.event = kind === 2 ? id : null;
            if (flowNumber && flows[flowNumber]) {
              var wanted = current.event !== null ? subscriptionsOfEvent[current.event] || [] : [];
              var holdsFlow = function (entry) { return entry.flows.indexOf(flowNumber) >= 0; };
              var holdsEvent = function (entry) { return entry.subscription && wanted.indexOf(entry.subscription.id) >= 0; };
              var entry = current.entry;
              if (!entry || !holdsFlow(entry) || (wanted.length && !holdsEvent(entry))) {
                entry = entries.filter(function (e) { return holdsFlow(e) && holdsEvent(e); })[0]
                  || (entry && holdsFlow(entry) ? entry : entries.filter(holdsFlow)[0]);
              }
              if (entry && (entry !== current.entry || !current.flow || current.flow.number !== flowNumber)) {
                selectEntry(entry, { flow: flowNumber, row: row });
              } else if (entry) {
                selectStep(row);
              }
            }
            highlightMarble();
            renderAlive();
            byId('step-count').textContent = 'Step ' + (position + 1) + ' of ' + momentCount
              + (walk.total > momentCount ? ' (the run has ' + walk.total + ')' : '');
            var said = describe(position);
            byId('step-what').textContent = said;
            byId('step-what').title = said;
            byId('step-what').dataset.kind = KIND[kind];
            if (history.replaceState) history.replaceState(null, '', '#step=' + (position + 1));
          }

          // A marble clicked: its step when the walkthrough holds it, else its causes alone.
          function showEvent(id) {
            stopPlaying();
            if (momentOfEvent[id] !== undefined) { goTo(momentOfEvent[id]); return; }
            current.event = id;
            highlightMarble();
          }

          // The rows above `row` in its flow's tree: the calls it ran inside.
          function enclosingRows(steps, row) {
            var rows = {}, depth = steps[row].d;
            for (var i = row - 1; i >= 0 && depth > 0; i--) {
              if (steps[i].d < depth) { rows[i] = true; depth = steps[i].d; }
            }
            return rows;
          }

          // What caused the event at moment `at` and what it caused, from the flow's tree: its
          // causes are the nearest events delivered by the calls it ran inside, its effects the
          // events delivered under its own call before that call delivers again.
          function causality(at) {
            var flowNumber = moments[4 * at + 1], row = moments[4 * at + 2], result = { causes: [], effects: [] };
            if (!flowNumber || !flows[flowNumber] || row < 0) return result;
            var steps = flows[flowNumber].steps, enclosing = enclosingRows(steps, row), used = {};
            for (var t = at - 1; t >= 0; t--) {
              var r = moments[4 * t + 2];
              if (moments[4 * t] === 2 && moments[4 * t + 1] === flowNumber && enclosing[r] && !used[r]) { used[r] = true; result.causes.push(t); }
            }
            var end = row + 1;
            while (end < steps.length && steps[end].d > steps[row].d) end++;
            for (var u = at + 1; u < momentCount; u++) {
              if (moments[4 * u] !== 2 || moments[4 * u + 1] !== flowNumber) continue;
              var inner = moments[4 * u + 2];
              if (inner === row) break;
              if (inner > row && inner < end) result.effects.push(u);
            }
            return result;
          }

          // Rings the current event's marble, marks its causes and effects and every marble
          // with its value, and says them above the diagram.
          function highlightMarble() {
            var diagram = byId('marble-diagram'), box = byId('causality');
            if (!diagram || !box) return;
            clear(box);
            var at = current.event !== null ? momentOfEvent[current.event] : undefined;
            var related = at !== undefined ? causality(at) : { causes: [], effects: [] };
            var causes = {}, effects = {};
            related.causes.forEach(function (t) { causes[moments[4 * t + 3]] = true; });
            related.effects.forEach(function (t) { effects[moments[4 * t + 3]] = true; });
            var marble = current.event !== null ? marbleOf[current.event] : null;
            var value = marble && marble.value !== null && marble.value !== undefined ? String(marble.value) : null;
            Array.prototype.forEach.call(diagram.querySelectorAll('.event'), function (group) {
              var id = group.getAttribute('data-event');
              group.classList.toggle('current', current.event !== null && id === String(current.event));
              group.classList.toggle('cause', !!causes[id]);
              group.classList.toggle('effect', !!effects[id]);
              group.classList.toggle('same-value', value !== null && group.getAttribute('data-value') === value);
            });
            if (current.event === null) return;
            box.appendChild(el('span', null, at !== undefined ? describe(at) + ' (step ' + (at + 1) + ')' : 'event #' + current.event));
            [['caused by', related.causes], ['caused', related.effects]].forEach(function (part) {
              if (!part[1].length) return;
              var line = el('div', 'causes');
              line.dataset.part = part[0];
              line.appendChild(el('span', 'muted', part[0] + ': '));
              part[1].forEach(function (t) {
                var link = el('button', 'step-link', describe(t).replace(/^event /, '') + ' (step ' + (t + 1) + ')');
                link.type = 'button';
                link.addEventListener('click', function () { stopPlaying(); goTo(t); });
                line.appendChild(link);
              });
              box.appendChild(line);
            });
          }

          // The objects alive after moment `position`, with the state the trace records of them.
          function renderAlive() {
            var box = byId('alive');
            clear(box);
            if (position < 0) { box.appendChild(el('p', 'note', 'Step through the run (→) to see the objects alive at each step.')); return; }
            var alive = objects.filter(function (o) { return o.s <= position && (o.e < 0 || o.e > position); });
            var list = el('div');
            list.id = 'alive-list';
            list.dataset.count = String(alive.length);
            box.appendChild(el('div', 'muted', alive.length + ' alive'));
            alive.forEach(function (object) {
              var item = el('div', 'alive-object' + (object.s === position ? ' new' : ''));
              item.dataset.object = String(object.i);
              item.appendChild(el('div', null, object.l));
              var states = [];
              var recorded = recordedState(object.i, position);
              if (recorded) {
                recorded.text.split('\n').forEach(function (line) {
                  var part = el('div', 'alive-state recorded' + (recorded.moment === position ? ' changed' : ''), line);
                  item.appendChild(part);
                });
              }
              var open = (subscriptionsTo[object.i] || []).filter(function (sub) { return isOpenAt(sub, position); });
              if (open.length) states.push('subscribers: ' + open.map(function (sub) { return 'subscription #' + sub.id; }).join(', '));
              else if (/Subject|Relay/.test(object.l) && (subscriptionsTo[object.i] || []).length) states.push('subscribers: none');
              var own = subscriptionOfDisposable[object.i];
              if (own && own.start <= position) {
                states.push('disposable of subscription #' + own.id + ': ' + (isOpenAt(own, position) ? 'open' : 'ended (' + subscriptionEnd[own.id] + ')'));
              }
              // The objects it has sent events to that are still alive: a subject's observers, a sink's downstream.
              var sentTo = [];
              (receivers[object.i] || []).forEach(function (sent) {
                var receiver = objectById[sent.observer];
                if (sent.moment <= position && receiver && receiver.s <= position && (receiver.e < 0 || receiver.e > position)
                    && sentTo.indexOf(receiver.l) < 0) sentTo.push(receiver.l);
              });
              if (sentTo.length) states.push('sends to ' + sentTo.join(', '));
              var through = subscriptionOfObserver[object.i];
              if (through && through.start <= position) states.push('observer of subscription #' + through.id);
              (bagEntries[object.i] || []).forEach(function (disposable) {
                var inserted = objectById[disposable];
                if (inserted && inserted.s > position) return;
                var entrySub = subscriptionOfDisposable[disposable];
                states.push('holds ' + objectLabel(disposable) + (entrySub ? ' (subscription #' + entrySub.id + ', '
                  + (isOpenAt(entrySub, position) ? 'open' : 'ended') + ')' : ''));
              });
              (terminalsSent[object.i] || []).forEach(function (terminal) {
                if (terminal.moment <= position) states.push('sent ' + terminal.kind + ' at step ' + (terminal.moment + 1));
              });
              (terminalsReceived[object.i] || []).forEach(function (terminal) {
                if (terminal.moment <= position) states.push('stopped: received ' + terminal.kind + ' at step ' + (terminal.moment + 1));
              });
              states.forEach(function (state) { item.appendChild(el('div', 'alive-state', state)); });
              list.appendChild(item);
            });
            box.appendChild(list);
            var released = moments[4 * position] === 4 ? moments[4 * position + 3] : null;
            if (released !== null) box.appendChild(el('p', 'note', 'Just released: ' + objectLabel(released)));
          }

          function play() {
            if (playing) { stopPlaying(); return; }
            if (position >= momentCount - 1) goTo(0);
            byId('step-play').textContent = '❚❚ Pause';
            playing = setInterval(function () {
              if (position >= momentCount - 1) { stopPlaying(); return; }
              goTo(position + 1);
            }, 700);
          }
          function stopPlaying() {
            if (playing) clearInterval(playing);
            playing = null;
            byId('step-play').textContent = '▶ Play';
          }

          function setUpStepper() {
            byId('stepper').hidden = false;
            byId('step-count').textContent = momentCount ? momentCount + ' steps · → to start' : 'No steps recorded';
            byId('step-first').addEventListener('click', function () { stopPlaying(); goTo(0); });
            byId('step-previous').addEventListener('click', function () { stopPlaying(); goTo(position - 1); });
            byId('step-play').addEventListener('click', play);
            byId('step-next').addEventListener('click', function () { stopPlaying(); goTo(position + 1); });
            byId('step-last').addEventListener('click', function () { stopPlaying(); goTo(momentCount - 1); });
            byId('leaks-button').addEventListener('click', function () { byId('leaks').scrollIntoView(); });
            byId('show-instrumentation').addEventListener('change', function () {
              if (shownSource) showSource(shownSource.place, shownSource.caption, shownSource.step);
            });
            document.addEventListener('keydown', function (event) {
              var target = event.target, tag = target && target.tagName;
              // The filter box and a flow's rows keep their own keys; a focused button its space.
              if (event.altKey || event.ctrlKey || event.metaKey || tag === 'INPUT' || tag === 'TEXTAREA'
                  || (target.classList && target.classList.contains('step'))) return;
              var keys = { ArrowRight: function () { goTo(position + 1); }, ArrowLeft: function () { goTo(position - 1); },
                Home: function () { goTo(0); }, End: function () { goTo(momentCount - 1); } };
              if (keys[event.key]) { event.preventDefault(); stopPlaying(); keys[event.key](); }
              else if (event.key === ' ' && tag !== 'BUTTON') { event.preventDefault(); play(); }
            });
          }

          // A leaked subscription first, else the first.
          function defaultEntry() {
            return entries.filter(function (e) { return e.subscription && leaked[e.subscription.id]; })[0] || entries[0];
          }

          // #step=N shows the run's step N; #src=FILE:LINE shows a line; #sub=N&flow=M&find=TEXT
          // (or &row=K) a flow's step; &show=marbles scrolls to the marble diagram.
          function route() {
            var params = {}, any = false;
            location.hash.replace(/^#/, '').split('&').forEach(function (pair) {
              var eq = pair.indexOf('=');
              if (eq > 0) { params[pair.slice(0, eq)] = decodeURIComponent(pair.slice(eq + 1)); any = true; }
            });
            // An anchor such as #leaks is the browser's to follow.
            if (!any && location.hash.length > 1 && current.entry) return;
            if (params.step && !params.flow && !params.sub) {
              var step = parseInt(params.step, 10);
              if (step > 0) {
                if (!current.entry && entries.length) selectEntry(defaultEntry(), {});
                goTo(step - 1);
                return;
              }
            }
            var flowNumber = params.flow ? parseInt(params.flow, 10) : undefined;
            var entry = null;
            if (params.sub) entry = entries.filter(function (e) { return e.key === 'sub' + params.sub; })[0];
            if (!entry && flowNumber) entry = entries.filter(function (e) { return e.flows.indexOf(flowNumber) >= 0; })[0];
            if (!entry) entry = defaultEntry();
            if (entry) {
              selectEntry(entry, { flow: flowNumber, find: params.find, row: params.row ? parseInt(params.row, 10) : undefined });
            }
            if (params.src) showSource(params.src, 'Linked line');
            if (params.show && byId(params.show)) byId(params.show).scrollIntoView();
          }

          byId('app').hidden = false;
          setUpStepper();
          byId('subscription-filter').addEventListener('input', renderList);
          window.addEventListener('hashchange', route);
          renderList();
          renderLifetimes();
          renderThreads();
          route();
          renderAlive();
        })();
        """#
}
