import { MoneyDesk } from '../../features/money/components/money-desk';
import { Require } from '../require';

export default function MoneyRoute() {
  return (
    <Require permission="money.read">
      <MoneyDesk />
    </Require>
  );
}
