import { FicheListPage } from './fiche-list-page';

export default function FichesPaidPage() {
  return <FicheListPage kind="paid" />;
}
