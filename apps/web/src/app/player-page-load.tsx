import { defaultProductName, loadingMessage } from '@resim/domain';
import { useEffect, useState } from 'react';
import { PageProblem } from '../ui/page-problem';
import { LoadingScreen } from './loading-screen';

const reloadKey = 'resim.playerReload';
/** Within this long of a load into the player at the same address, the server did not send the player's page. */
const loopMs = 10_000;

/**
 * The player is a page of its own (play.html, served for /play/...): an address of it reached
 * inside the console loads that page. Should the same page come back (a server that does not
 * know the player's page), it says so rather than loading again and again.
 */
export const PlayerPageLoad = () => {
  const [looping, setLooping] = useState(false);
  useEffect(() => {
    const here = window.location.href;
    const last = window.sessionStorage.getItem(reloadKey);
    const [at, href] = last ? [Number(last.slice(0, last.indexOf(' '))), last.slice(last.indexOf(' ') + 1)] : [0, ''];
    if (href === here && Date.now() - at < loopMs) {
      setLooping(true);
      return;
    }
    window.sessionStorage.setItem(reloadKey, `${Date.now()} ${here}`);
    window.location.replace(here);
  }, []);
  if (looping)
    return (
      <PageProblem
        title="The player could not be opened"
        message="The server answered this address with the console instead of the player's page. Reload the page, or ask the administrator to update the server."
      />
    );
  return <LoadingScreen message={loadingMessage(defaultProductName)} />;
};
