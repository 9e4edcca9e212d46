import { Card, CardBody, CardHeader } from '../../components/ui/card.js';

export function LoginPage() {
  return (
    <Card>
      <CardHeader title="Entrar" />
      <CardBody />
    </Card>
  );
}
