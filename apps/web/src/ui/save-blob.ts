/** Saves a file the API answered with, as the browser saves a download. */
export const saveBlob = (file: Blob, name: string): void => {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the link; the object can go once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
};
