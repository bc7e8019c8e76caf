/** Saves a file the browser already holds under the name given, as a download. */
export const saveFile = (file: Blob, fileName: string): void => {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the link; the object can go once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
};
