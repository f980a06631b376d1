/// The style sheet and script every HTML report page inlines; they are the same for every
/// trace, which comes in as JSON.
enum HTMLPageAssets {
    static let style = #"""
        :root { color-scheme: light dark; --fg: #1d1f23; --muted: #5d6470; --bg: #fff; --panel: #f5f6f8;
          --line: #d5d9e0; --accent: #0b62c4; --hl: #fff2a8; --leak: #b3261e; --ok: #1b7f3b; }
        @media (prefers-color-scheme: dark) { :root { --fg: #e4e6ea; --muted: #9aa2ad; --bg: #15171a; --panel: #1e2125;
          --line: #343a42; --accent: #6cb0ff; --hl: #4a4318; --leak: #ff8a80; --ok: #7bd88f; } }
        * { box-sizing: border-box; }
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
        #explorer { display: grid; grid-template-columns: 260px minmax(0, 1fr) minmax(0, 1fr); gap: 8px; padding: 0 16px;
          height: min(72vh, 640px); }
        .panel { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; display: flex; flex-direction: column;
          min-height: 0; }
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
        .step { white-space: pre; cursor: pointer; padding: 0 4px; border-radius: 3px; }
        .step:hover { background: var(--line); } .step.selected { background: var(--hl); }
        .step.init { color: var(--muted); } .step.user { font-weight: 600; white-space: normal; }
        .toggle { display: inline-block; width: 1.2em; color: var(--muted); }
        .place { color: var(--muted); margin-left: 1em; }
        #source-head { padding: 4px 10px; overflow-wrap: anywhere; }
        #source-view pre { margin: 0; }
        .line { display: block; white-space: pre; } .line.hl { background: var(--hl); font-weight: 600; }
        .ln { display: inline-block; width: 4em; color: var(--muted); text-align: right; padding-right: 1em; user-select: none; }
        svg { display: block; max-width: 100%; } svg text { fill: var(--fg); font: 11px system-ui, sans-serif; }
        .lane-line { stroke: var(--muted); } .marble { fill: var(--accent); } .marble-text { fill: #fff; font-size: 10px; }
        .end-mark { stroke: var(--fg); stroke-width: 3; } .error-mark { fill: var(--leak); font-size: 22px; font-weight: 700; }
        .dispose-mark { stroke: var(--leak); stroke-dasharray: 4 3; } .life { fill: var(--accent); opacity: .75; }
        .life.survivor { fill: var(--leak); } .resource-line { fill: none; stroke: var(--ok); stroke-width: 2; }
        .call-bar { fill: var(--accent); opacity: .55; } .axis { stroke: var(--line); }
        .figure { overflow-x: auto; }
        @media (max-width: 900px) {
          #explorer { grid-template-columns: minmax(0, 1fr); height: auto; }
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
          var sources = {}; data.sources.forEach(function (source) { sources[source.fileID] = source; });
          var leaked = {}; data.leaks.openSubscriptions.forEach(function (open) { leaked[open.subscription.id] = true; });
          var inSubscription = {};
          data.subscriptions.forEach(function (s) { s.flows.forEach(function (n) { inSubscription[n] = true; }); });
          var others = data.flows.filter(function (flow) { return !inSubscription[flow.number]; }).map(function (f) { return f.number; });
          var entries = data.subscriptions.map(function (s) {
            return { key: 'sub' + s.id, subscription: s, flows: s.flows,
              text: '#' + s.id + ' ' + s.site + ' · ' + s.end + (leaked[s.id] ? ' · leak' : '') };
          });
          if (others.length) entries.push({ key: 'other', subscription: null, flows: others, text: 'Flows outside any subscription' });
          var current = { entry: null, flow: null, step: null };

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
              var indent = new Array(step.d + 1).join('  ');
              row.appendChild(document.createTextNode(indent));
              var toggle = el('span', 'toggle', hasChildren ? '▾' : '·');
              if (hasChildren) {
                toggle.addEventListener('click', function (event) { event.stopPropagation(); collapse(index, toggle); });
              }
              row.appendChild(toggle);
              row.appendChild(el('span', 'label', step.l));
              if (step.p) row.appendChild(el('span', 'place', step.p));
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
            } else if (options.step !== undefined) {
              index = options.step;
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
              scrollWithin(byId('flow-tree'), current.rows[index]);
              showSource(step.p, step.l);
            }
          }

          // Scrolls `box` (not the page) so that `row` shows a third of the way down.
          function scrollWithin(box, row) {
            var offset = row.getBoundingClientRect().top - box.getBoundingClientRect().top;
            if (offset < 0 || offset > box.clientHeight - 20) box.scrollTop += offset - box.clientHeight / 3;
          }

          function showSource(place, caption) {
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
            if (source && source.mirror) {
              var link = el('a', null, 'Mirrors RxSwift ' + source.mirror.split('/blob/')[1]);
              link.href = source.mirror; link.target = '_blank'; link.rel = 'noopener noreferrer';
              head.appendChild(link);
            }
            if (!source || !source.lines) {
              view.appendChild(el('p', 'note', 'The source of ' + at.file + ' is not in this page: rxtrace did not find it under the source root (--source-root).'));
              return;
            }
            var pre = el('pre');
            var target = null;
            source.lines.forEach(function (text, i) {
              var line = el('span', 'line' + (i + 1 === at.line ? ' hl' : ''));
              line.appendChild(el('span', 'ln', i + 1));
              line.appendChild(document.createTextNode(text));
              if (i + 1 === at.line) { target = line; line.id = 'source-line'; }
              pre.appendChild(line);
            });
            view.appendChild(pre);
            if (target) scrollWithin(view, target);
          }

          function renderMarbles(subscription) {
            var box = byId('marbles');
            clear(box);
            if (!subscription) { box.appendChild(el('p', 'note', 'Choose a subscription to see its events.')); return; }
            if (!subscription.isInPage) { box.appendChild(el('p', 'note', 'The events of subscription #' + subscription.id + ' are not in this page.')); return; }
            box.appendChild(el('p', 'muted', 'Subscription #' + subscription.id + ' at ' + subscription.site + ' · ' + subscription.end + ' · x axis: '
              + (subscription.isVirtualTime ? 'virtual time' : 'event order (real time on hover)')
              + (data.isRecordingValues ? '' : ' · values were not recorded (RXTRACE_VALUES=0)')));
            if (subscription.ended) box.appendChild(el('p', 'muted', subscription.ended + (subscription.endFlow ? ' · Flow ' + subscription.endFlow : '')));
            if (!subscription.lanes.length) { box.appendChild(el('p', 'note', 'No events reached this subscription.')); return; }
            var xs = [];
            subscription.lanes.forEach(function (lane) { lane.marbles.forEach(function (m) { xs.push(m.x); }); });
            if (subscription.disposedAt !== null && subscription.disposedAt !== undefined) xs.push(subscription.disposedAt);
            var min = Math.min.apply(null, xs), max = Math.max.apply(null, xs);
            var span = Math.max(1, max - min);
            var count = xs.length;
            var left = 24, laneHeight = 58;
            var width = Math.max(box.clientWidth - 8, Math.min(4000, 60 + count * 44), 320);
            var height = subscription.lanes.length * laneHeight + 24;
            function x(value) { return left + 16 + (value - min) / span * (width - left - 48); }
            var svg = sv('svg', { width: width, height: height, id: 'marble-diagram', role: 'img',
              'aria-label': 'Marble diagram of subscription #' + subscription.id });
            subscription.lanes.forEach(function (lane, i) {
              var y = 30 + i * laneHeight;
              svg.appendChild(sv('text', { x: left, y: y - 16 }, lane.label));
              svg.appendChild(sv('line', { x1: left, y1: y, x2: width - 8, y2: y, 'class': 'lane-line' }));
              lane.marbles.forEach(function (m) {
                var group = sv('g', { 'class': 'event', 'data-kind': m.kind });
                var where = m.kind + (m.value !== null && m.value !== undefined ? '(' + m.value + ')' : '')
                  + ' · ' + ms(m.time) + (subscription.isVirtualTime ? ' · virtual time ' + m.x : '') + (m.flow ? ' · flow ' + m.flow : '');
                tip(group, where);
                var cx = x(m.x);
                if (m.kind === 'next') {
                  group.appendChild(sv('circle', { cx: cx, cy: y, r: 13, 'class': 'marble' }));
                  var label = m.value === null || m.value === undefined ? '' : String(m.value);
                  group.appendChild(sv('text', { x: cx, y: y + 4, 'text-anchor': 'middle', 'class': 'marble-text' },
                    label.length > 5 ? label.slice(0, 4) + '…' : label));
                } else if (m.kind === 'completed') {
                  group.appendChild(sv('line', { x1: cx, y1: y - 13, x2: cx, y2: y + 13, 'class': 'end-mark' }));
                } else {
                  group.appendChild(sv('text', { x: cx, y: y + 8, 'text-anchor': 'middle', 'class': 'error-mark' }, '×'));
                }
                if (m.flow && flows[m.flow]) {
                  group.style.cursor = 'pointer';
                  group.addEventListener('click', function () { if (current.entry) selectEntry(current.entry, { flow: m.flow }); });
                }
                svg.appendChild(group);
              });
            });
            if (subscription.disposedAt !== null && subscription.disposedAt !== undefined) {
              var dx = x(subscription.disposedAt);
              var dispose = sv('g', { 'class': 'event', 'data-kind': 'disposed' });
              tip(dispose, 'disposed');
              dispose.appendChild(sv('line', { x1: dx, y1: 8, x2: dx, y2: height - 4, 'class': 'dispose-mark' }));
              dispose.appendChild(sv('text', { x: dx + 4, y: height - 6 }, 'disposed'));
              svg.appendChild(dispose);
            }
            box.appendChild(svg);
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

          // #src=FILE:LINE shows a line; #sub=N&flow=M&find=TEXT (or &step=K) a flow's step;
          // &show=marbles scrolls to the marble diagram.
          function route() {
            var params = {};
            location.hash.replace(/^#/, '').split('&').forEach(function (pair) {
              var eq = pair.indexOf('=');
              if (eq > 0) params[pair.slice(0, eq)] = decodeURIComponent(pair.slice(eq + 1));
            });
            var flowNumber = params.flow ? parseInt(params.flow, 10) : undefined;
            var entry = null;
            if (params.sub) entry = entries.filter(function (e) { return e.key === 'sub' + params.sub; })[0];
            if (!entry && flowNumber) entry = entries.filter(function (e) { return e.flows.indexOf(flowNumber) >= 0; })[0];
            if (!entry) entry = entries.filter(function (e) { return e.subscription && leaked[e.subscription.id]; })[0] || entries[0];
            if (entry) {
              selectEntry(entry, { flow: flowNumber, find: params.find, step: params.step ? parseInt(params.step, 10) : undefined });
            }
            if (params.src) showSource(params.src, 'Linked line');
            if (params.show && byId(params.show)) byId(params.show).scrollIntoView();
          }

          byId('app').hidden = false;
          byId('subscription-filter').addEventListener('input', renderList);
          window.addEventListener('hashchange', route);
          renderList();
          renderLifetimes();
          renderThreads();
          route();
        })();
        """#
}
