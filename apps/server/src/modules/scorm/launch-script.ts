/**
 * The script of a SCORM package's page, run by the LMS's browser: it finds the LMS's SCORM runtime
 * (the `API` of 1.2 or `API_1484_11` of 2004 in a parent or opener window), tells the server who
 * the LMS's learner is, frames the player on the run the server hands back, and when the player
 * says the run ended asks the server for its result and writes completion, success and score.
 * Plain script in a string: it runs on the LMS's pages, beside none of the product's code.
 */
export const launchScript = `(function () {
  'use strict';
  var body = document.body;
  var server = body.getAttribute('data-server');
  var key = body.getAttribute('data-key');
  var version = body.getAttribute('data-version');
  var status = document.getElementById('status');
  var frame = document.getElementById('player');
  var is2004 = version === '2004';
  var apiName = is2004 ? 'API_1484_11' : 'API';
  var calls = is2004
    ? { init: 'Initialize', get: 'GetValue', set: 'SetValue', commit: 'Commit', finish: 'Terminate', error: 'GetLastError', text: 'GetErrorString' }
    : { init: 'LMSInitialize', get: 'LMSGetValue', set: 'LMSSetValue', commit: 'LMSCommit', finish: 'LMSFinish', error: 'LMSGetLastError', text: 'LMSGetErrorString' };

  function say(text) {
    status.textContent = text;
    status.hidden = false;
  }
  function search(win) {
    for (var depth = 0; win && depth < 12; depth++) {
      try {
        if (win[apiName]) return win[apiName];
      } catch (e) {
        return null;
      }
      if (win.parent === win) return null;
      win = win.parent;
    }
    return null;
  }
  var api = search(window) || (window.opener && search(window.opener)) || (window.top && window.top.opener && search(window.top.opener));
  if (!api) {
    say('This activity could not reach its learning platform (no SCORM ' + version + ' runtime answered), so your result would not be recorded. Open it from your course page.');
    return;
  }
  function lastError() {
    var code = api[calls.error]();
    return code + ' ' + api[calls.text](code);
  }
  if (String(api[calls.init]('')) !== 'true') {
    say('Your learning platform refused to start this activity (' + lastError() + ').');
    return;
  }
  function get(element) {
    var value = api[calls.get](element);
    return value === null || value === undefined ? '' : String(value);
  }
  function set(element, value) {
    return String(api[calls.set](element, String(value))) === 'true';
  }
  function commit() {
    api[calls.commit]('');
  }
  var finished = false;
  function finish() {
    if (finished) return;
    finished = true;
    commit();
    api[calls.finish]('');
  }
  window.addEventListener('pagehide', finish);

  if (is2004) {
    if (get('cmi.completion_status') !== 'completed') set('cmi.completion_status', 'incomplete');
  } else {
    var lesson = get('cmi.core.lesson_status');
    if (lesson === '' || lesson === 'not attempted') set('cmi.core.lesson_status', 'incomplete');
  }
  commit();

  var serverOrigin = new URL(server).origin;
  var launched = null;
  var recorded = false;

  function answerOf(response) {
    return response.json().then(function (answer) {
      if (!response.ok) throw new Error(answer && answer.message ? answer.message : 'the server answered ' + response.status);
      return answer;
    });
  }
  function seconds(ms) {
    return Math.round(ms / 10) / 100;
  }
  function clock(ms) {
    var total = Math.floor(ms / 1000);
    var pad = function (n) { return (n < 10 ? '0' : '') + n; };
    return pad(Math.min(9999, Math.floor(total / 3600))) + ':' + pad(Math.floor(total / 60) % 60) + ':' + pad(total % 60);
  }
  function record(result) {
    var percent = result.scaled === null ? null : Math.round(result.scaled * 10000) / 100;
    if (is2004) {
      set('cmi.completion_status', 'completed');
      set('cmi.success_status', result.passed === null ? 'unknown' : result.passed ? 'passed' : 'failed');
      if (result.scaled !== null) {
        set('cmi.score.scaled', result.scaled);
        set('cmi.score.raw', percent);
        set('cmi.score.min', 0);
        set('cmi.score.max', 100);
      }
      if (result.durationMs !== null) set('cmi.session_time', 'PT' + seconds(result.durationMs) + 'S');
    } else {
      if (result.scaled !== null) {
        set('cmi.core.score.raw', percent);
        set('cmi.core.score.min', 0);
        set('cmi.core.score.max', 100);
      }
      set('cmi.core.lesson_status', result.passed === null ? 'completed' : result.passed ? 'passed' : 'failed');
      if (result.durationMs !== null) set('cmi.core.session_time', clock(result.durationMs));
    }
    commit();
  }

  window.addEventListener('message', function (event) {
    if (event.origin !== serverOrigin || event.source !== frame.contentWindow) return;
    var message = event.data;
    if (!launched || recorded || !message || message.type !== 'resim:run' || !message.ended) return;
    recorded = true;
    fetch(server + '/learn/scorm/result/' + encodeURIComponent(launched.gameId), { headers: { 'x-run-token': launched.runToken } })
      .then(answerOf)
      .then(record)
      .catch(function (error) {
        recorded = false;
        say('Your result could not be read from the simulation: ' + error.message);
      });
  });

  fetch(server + '/learn/scorm/launch', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      key: key,
      learnerId: get(is2004 ? 'cmi.learner_id' : 'cmi.core.student_id'),
      learnerName: get(is2004 ? 'cmi.learner_name' : 'cmi.core.student_name'),
    }),
  })
    .then(answerOf)
    .then(function (launch) {
      launched = launch;
      frame.src = launch.playUrl + '?origin=' + encodeURIComponent(location.origin) + '#token=' + encodeURIComponent(launch.runToken);
      frame.hidden = false;
      status.hidden = true;
    })
    .catch(function (error) {
      say('The simulation could not be opened: ' + error.message);
    });
})();
`;
