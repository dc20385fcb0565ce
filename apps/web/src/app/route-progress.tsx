import { useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The thin bar at the top of the page while a route (and its code) loads: spec §2, no spinner. */
export function ProgressBar() {
  const { t } = useTranslation();
  return <div className="route-progress" role="progressbar" aria-label={t('loading')} />;
}

/** Shows the progress bar while the router is loading the next page. */
export function RouteProgress() {
  const navigation = useNavigation();
  return navigation.state === 'idle' ? null : <ProgressBar />;
}
