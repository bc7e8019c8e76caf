import type { ScormVersion } from '@resim/contracts';
import { strToU8, zipSync } from 'fflate';
import { launchScript } from './launch-script';

const escapeXml = (text: string): string =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

export type PackageInput = {
  readonly version: ScormVersion;
  readonly packageId: string;
  /** the key the package's page launches with, in its plain form */
  readonly key: string;
  /** the server's public address, where the page sends learners */
  readonly serverUrl: string;
  readonly title: string;
};

const files = ['index.html', 'resim-launch.js'];

const resource = (scormType: string) => `  <resources>
    <resource identifier="resource" type="webcontent" adlcp:${scormType}="sco" href="index.html">
${files.map((file) => `      <file href="${file}"/>`).join('\n')}
    </resource>
  </resources>`;

const organization = (title: string) => `  <organizations default="organization">
    <organization identifier="organization">
      <title>${title}</title>
      <item identifier="item" identifierref="resource">
        <title>${title}</title>
      </item>
    </organization>
  </organizations>`;

/** imsmanifest.xml of SCORM 1.2 (IMS Content Packaging 1.1.2, ADL's adlcp 1.2). */
const manifest12 = (input: PackageInput): string => `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="resim-${escapeXml(input.packageId)}" version="1"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
${organization(escapeXml(input.title))}
${resource('scormtype')}
</manifest>
`;

/** imsmanifest.xml of SCORM 2004 4th edition (IMS Content Packaging 1.1, ADL's adlcp 1.3). */
const manifest2004 = (input: PackageInput): string => `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="resim-${escapeXml(input.packageId)}" version="1"
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
  xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsglobal.org/xsd/imscp_v1p1 imscp_v1p1.xsd http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd http://www.adlnet.org/xsd/adlseq_v1p3 adlseq_v1p3.xsd http://www.adlnet.org/xsd/adlnav_v1p3 adlnav_v1p3.xsd http://www.imsglobal.org/xsd/imsss imsss_v1p0.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>2004 4th Edition</schemaversion>
  </metadata>
${organization(escapeXml(input.title))}
${resource('scormType')}
</manifest>
`;

/** The page the LMS opens: a status line for what went wrong and the frame the run plays in. */
const launchPage = (input: PackageInput): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeXml(input.title)}</title>
<style>
html, body { margin: 0; height: 100%; font-family: system-ui, sans-serif; }
#status { margin: 2rem; padding: 1rem; border-left: 4px solid #c92a2a; background: #fff5f5; color: #1a1b1e; }
#player { border: 0; width: 100%; height: 100%; display: block; }
</style>
</head>
<body data-server="${escapeXml(input.serverUrl)}" data-key="${escapeXml(input.key)}" data-version="${input.version}">
<p id="status" role="alert" hidden></p>
<iframe id="player" title="${escapeXml(input.title)}" allow="fullscreen" hidden></iframe>
<script src="resim-launch.js"></script>
</body>
</html>
`;

/** A scenario's SCORM package: its manifest, its page and the page's script, zipped. */
export const scormPackage = (input: PackageInput): Uint8Array =>
  zipSync(
    {
      'imsmanifest.xml': strToU8(input.version === '1.2' ? manifest12(input) : manifest2004(input)),
      'index.html': strToU8(launchPage(input)),
      'resim-launch.js': strToU8(launchScript),
    },
    { level: 6 },
  );
