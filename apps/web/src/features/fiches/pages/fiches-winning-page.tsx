import { FicheListPage } from './fiche-list-page';

export default function FichesWinningPage() {
  return <FicheListPage kind="winning" />;
}
