import { FicheListPage } from './fiche-list-page';

export default function FichesSoldPage() {
  return <FicheListPage kind="sold" />;
}
