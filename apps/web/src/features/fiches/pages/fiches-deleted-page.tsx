import { FicheListPage } from './fiche-list-page';

export default function FichesDeletedPage() {
  return <FicheListPage kind="deleted" />;
}
