/**
 * An email's HTML shown as it will look, in a frame with every sandbox restriction: no script,
 * no form, no navigation of the console, whatever the author wrote.
 */
export const EmailFrame = ({ html, title, height = 360 }: { html: string; title: string; height?: number }) => (
  <iframe
    sandbox=""
    srcDoc={html}
    title={title}
    style={{ width: '100%', height, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, background: 'white' }}
  />
);
