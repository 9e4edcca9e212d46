import { LegalPage } from '../../components/legal-page.js';

export function PrivacyPage() {
  return (
    <LegalPage title="Política de Privacidade" updated="21 de novembro de 2026">
      <p>
        Esta Política explica como o Gestão Agrícola trata dados pessoais, em conformidade com a Lei Geral de Proteção de Dados Pessoais
        (Lei nº 13.709/2018, LGPD).
      </p>
      <section className="space-y-2">
        <h2>1. Dados que tratamos</h2>
        <ul>
          <li>Cadastro: nome, email, empresa (opcional) e perfil de acesso.</li>
          <li>Autenticação: senha armazenada apenas como hash (argon2id) e registros de sessão.</li>
          <li>Conteúdo: experimentos, tratamentos, localização das áreas e relatórios em PDF que você enviar.</li>
          <li>Registros técnicos: data, hora e endereço IP das requisições, para segurança e diagnóstico.</li>
        </ul>
      </section>
      <section className="space-y-2">
        <h2>2. Finalidades e bases legais</h2>
        <ul>
          <li>Prestar o serviço contratado e manter sua conta (execução de contrato, art. 7º, V).</li>
          <li>Proteger o sistema contra acessos indevidos e fraudes (legítimo interesse, art. 7º, IX).</li>
          <li>Cumprir obrigações legais e regulatórias, quando aplicável (art. 7º, II).</li>
        </ul>
      </section>
      <section className="space-y-2">
        <h2>3. Compartilhamento</h2>
        <p>
          Não vendemos dados pessoais. Os experimentos são visíveis aos usuários da mesma instalação. A extração automática de PDF roda no
          próprio servidor; só envia texto a um serviço externo de IA se o administrador o configurar.
        </p>
      </section>
      <section className="space-y-2">
        <h2>4. Retenção e segurança</h2>
        <p>
          Mantemos os dados enquanto a conta estiver ativa ou conforme exigido por lei. Usamos senhas com hash, tokens de acesso de curta
          duração, conexões protegidas e controle de acesso por perfil.
        </p>
      </section>
      <section className="space-y-2">
        <h2>5. Seus direitos</h2>
        <p>
          Você pode solicitar confirmação de tratamento, acesso, correção, anonimização, portabilidade ou eliminação dos seus dados, e
          revogar consentimentos (art. 18). Dados de perfil podem ser corrigidos diretamente em Meu Perfil; para os demais pedidos, fale com
          o administrador da sua instalação, que atua como controlador.
        </p>
      </section>
    </LegalPage>
  );
}
