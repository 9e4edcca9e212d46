import { Link } from 'react-router';
import { LegalPage } from '../../components/legal-page.js';

export function TermsPage() {
  return (
    <LegalPage title="Termos de Uso" updated="21 de novembro de 2026">
      <p>
        Estes Termos regem o uso do Gestão Agrícola, sistema para registrar protocolos de experimentos agronômicos de campo, anexar seus
        relatórios em PDF e comparar tratamentos por produtividade e retorno. Ao criar uma conta, você declara que leu e aceita estes Termos
        e a{' '}
        <Link to="/privacy" className="font-medium text-brand-700 underline">
          Política de Privacidade
        </Link>
        .
      </p>
      <section className="space-y-2">
        <h2>1. Conta e acesso</h2>
        <ul>
          <li>A conta é pessoal: não compartilhe sua senha. Você responde pelas ações realizadas com ela.</li>
          <li>Informe dados verdadeiros e mantenha-os atualizados no seu perfil.</li>
          <li>
            O perfil de acesso (Usuário Padrão, Consultor Agrícola, Administrador) é definido no cadastro e só é alterado por um
            administrador.
          </li>
        </ul>
      </section>
      <section className="space-y-2">
        <h2>2. Dados dos experimentos</h2>
        <ul>
          <li>Você garante ter o direito de registrar os experimentos e documentos que envia, inclusive dados de clientes e parceiros.</li>
          <li>
            Experimentos cadastrados ficam visíveis a todos os usuários da instalação; apenas o autor e os administradores os alteram ou
            excluem.
          </li>
          <li>Os valores propostos pela extração automática de PDF são sugestões: revise-os antes de salvar.</li>
        </ul>
      </section>
      <section className="space-y-2">
        <h2>3. Uso adequado</h2>
        <p>É vedado tentar acessar contas ou dados de terceiros, interferir no funcionamento do sistema ou enviar arquivos maliciosos.</p>
      </section>
      <section className="space-y-2">
        <h2>4. Responsabilidade</h2>
        <p>
          Análises, gráficos e estatísticas apoiam a decisão técnica, mas não substituem o julgamento de um profissional habilitado.
          Empregamos medidas razoáveis de segurança e disponibilidade, sem garantir funcionamento ininterrupto.
        </p>
      </section>
      <section className="space-y-2">
        <h2>5. Alterações e foro</h2>
        <p>
          Podemos atualizar estes Termos; mudanças relevantes serão comunicadas no sistema. Aplica-se a legislação brasileira, e fica eleito
          o foro do domicílio do usuário para dirimir eventuais controvérsias.
        </p>
      </section>
    </LegalPage>
  );
}
