import { embedHeightMessageType, embedQueryKey } from '@graphium/shared';

/**
 * `/embed.js` (docs/decisions/024-public-links.md): put on another site as
 *   <script src="https://…/embed.js" data-link="{slug}" data-mode="inline|popup" async></script>
 * it inserts the link's page in a frame, inline after the script or in a dialog opened by a button,
 * and sizes the frame to the height the page reports (`graphium:height` messages from this origin
 * only). `data-query` adds hidden fields (`plan=pro&store=12`), `data-button-text` names the button.
 * Plain ES5 in a string: it runs on sites we do not know, with no build of theirs.
 */
export const embedScript = `(function () {
  var script = document.currentScript;
  if (!script || !script.src) return;
  var origin = new URL(script.src).origin;
  var slug = script.getAttribute('data-link');
  if (!slug) return;
  var mode = script.getAttribute('data-mode') === 'popup' ? 'popup' : 'inline';
  var query = script.getAttribute('data-query');
  var src = origin + '/s/' + encodeURIComponent(slug) + '?${embedQueryKey}=' + mode + (query ? '&' + query.replace(/^[?&]+/, '') : '');
  var frames = [];
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (event.origin !== origin || !data || data.type !== '${embedHeightMessageType}') return;
    for (var i = 0; i < frames.length; i += 1) {
      if (frames[i].contentWindow === event.source) frames[i].style.height = Math.ceil(Number(data.height) || 0) + 'px';
    }
  });
  function makeFrame() {
    var frame = document.createElement('iframe');
    frame.src = src;
    frame.title = script.getAttribute('data-title') || 'Survey';
    frame.style.cssText = 'display:block;width:100%;height:480px;border:0;';
    frames.push(frame);
    return frame;
  }
  if (mode === 'inline') {
    script.parentNode.insertBefore(makeFrame(), script.nextSibling);
    return;
  }
  var button = document.createElement('button');
  button.type = 'button';
  button.textContent = script.getAttribute('data-button-text') || 'Take the survey';
  button.setAttribute('data-graphium-open', slug);
  var dialog = document.createElement('dialog');
  dialog.setAttribute('aria-label', script.getAttribute('data-title') || 'Survey');
  dialog.style.cssText = 'width:min(44rem,96vw);max-height:92vh;padding:0;border:0;border-radius:12px;overflow:auto;';
  var close = document.createElement('button');
  close.type = 'button';
  close.textContent = 'Close';
  close.style.cssText = 'position:sticky;top:0;float:right;margin:8px;z-index:1;';
  close.addEventListener('click', function () { dialog.close(); });
  dialog.appendChild(close);
  var frame;
  button.addEventListener('click', function () {
    if (!frame) { frame = makeFrame(); dialog.appendChild(frame); }
    dialog.showModal();
  });
  script.parentNode.insertBefore(button, script.nextSibling);
  document.body.appendChild(dialog);
})();
`;
