import { SupportPhoneLink, type LegalText } from './legal-page';
import { legalHref } from './legal-links';

// The Spanish translation of the privacy policy, marked as one: the English version prevails.
export const PRIVACY_ES: LegalText = {
  title: 'Política de privacidad',
  translationNote: (
    <>
      Esta es una traducción al español de nuestra política de privacidad, para su comodidad. Si hay alguna diferencia
      entre esta traducción y la versión en inglés, prevalece la versión en inglés.
    </>
  ),
  intro:
    'Fundwise opera este portal, donde los dueños de pequeños negocios de los Estados Unidos y Canadá solicitan financiamiento para su negocio. Esta página explica qué información recopilamos cuando usted presenta una solicitud, por qué, quién la ve y cómo la protegemos.',
  sections: [
    {
      heading: 'Qué recopilamos',
      body: (
        <ul>
          <li>
            <strong>Sobre usted:</strong> su nombre, correo electrónico, número de teléfono y la contraseña que elija.
            Solo guardamos un hash irreversible de la contraseña, nunca la contraseña misma.
          </li>
          <li>
            <strong>Sobre su negocio:</strong> su nombre legal y su nombre comercial, el tipo de entidad, el EIN o el
            número de empresa, la fecha de inicio, la industria, el número de empleados, la dirección, el teléfono y el
            sitio web, sus ingresos anuales, su saldo diario promedio y sus préstamos vigentes, si acepta tarjetas de
            crédito, y cuánto financiamiento desea y para qué.
          </li>
          <li>
            <strong>Sobre cada dueño:</strong> nombre, dirección particular, correo electrónico, teléfono, fecha de
            nacimiento, número de Seguro Social o número de seguro social de Canadá, porcentaje de propiedad, un puntaje
            de crédito estimado y si tiene la ciudadanía de los EE. UU.
          </li>
          <li>
            <strong>Documentos:</strong> los estados de cuenta bancarios del negocio, el cheque anulado y la licencia de
            conducir que usted sube, y la solicitud que firma electrónicamente.
          </li>
          <li>
            <strong>Cómo usa el portal:</strong> el paso al que ha llegado y la dirección IP de cada solicitud, que
            usamos para limitar los intentos de adivinar la contraseña de su cuenta.
          </li>
        </ul>
      ),
    },
    {
      heading: 'Por qué la necesitamos',
      body: (
        <ul>
          <li>
            Para decidir si podemos ofrecer financiamiento a su negocio y para calcular los montos y las condiciones que
            ofrecemos.
          </li>
          <li>Para confirmar quiénes son los dueños y que el negocio es real, y para prevenir el fraude.</li>
          <li>
            Para configurar la cuenta en la que se deposita el financiamiento y de la que se cobran los pagos (el cheque
            anulado).
          </li>
          <li>
            Para enviarle sus códigos de inicio de sesión y el resumen de su oferta, y para que su experto en
            financiamiento pueda comunicarse con usted.
          </li>
          <li>
            Para mantener segura su cuenta y cumplir con las obligaciones de conservación de registros de los
            prestamistas.
          </li>
        </ul>
      ),
    },
    {
      heading: 'Con quién la compartimos',
      body: (
        <>
          <p>
            Con proveedores de servicios que trabajan para nosotros y que manejan su información solo para hacer ese
            trabajo: nuestro sistema de gestión de clientes, donde nuestro equipo de financiamiento revisa las
            solicitudes; los servicios de firma electrónica y de documentos; el almacenamiento seguro de documentos;
            nuestro proveedor de correo electrónico; la herramienta que usa para programar una llamada; y la búsqueda de
            direcciones que sugiere direcciones mientras usted escribe.
          </p>
          <p>
            Cuando firma la solicitud, nos autoriza a nosotros y a nuestros socios de financiamiento a obtener informes
            de crédito comerciales y personales y a verificar la información que usted proporcionó. Si un socio lo
            refirió, registramos su código de referencia con su solicitud. También divulgamos información cuando la ley
            lo exige.
          </p>
          <p>
            Si sigue un enlace a un prestamista socio, lo que usted le proporcione se rige por la política de privacidad
            de ese prestamista, no por esta.
          </p>
        </>
      ),
    },
    {
      heading: 'Cómo la protegemos',
      body: (
        <p>
          Su información viaja cifrada entre su navegador y nosotros. Los números de Seguro Social y de seguro social de
          Canadá, los números de identificación fiscal y las fechas de nacimiento también se cifran en nuestra base de
          datos, y el portal solo los vuelve a mostrar ocultos, con los últimos cuatro dígitos. En el portal, cada
          solicitud solo es visible para la cuenta que la creó.
        </p>
      ),
    },
    {
      heading: 'Cookies y almacenamiento del navegador',
      body: (
        <p>
          Usamos cookies para mantener su sesión iniciada y para proteger nuestros formularios de solicitudes enviadas
          por otros sitios web. Si llega mediante el enlace de referencia de un socio, una cookie recuerda la referencia
          durante 12 horas. Su navegador también guarda su correo electrónico, el monto que solicitó y el idioma que
          eligió, para completar los formularios por usted. No usamos cookies publicitarias. La herramienta para
          programar llamadas y el módulo de opiniones vienen de sus proveedores, que pueden usar sus propias cookies.
        </p>
      ),
    },
    {
      heading: 'Cuánto tiempo la guardamos',
      body: (
        <p>
          Guardamos su solicitud y sus documentos mientras los necesitemos para revisar y administrar su financiamiento,
          y durante el tiempo que la ley exija a los prestamistas conservar sus registros.
        </p>
      ),
    },
    {
      heading: 'Sus opciones',
      body: (
        <p>
          Puede pedir ver la información que tenemos sobre usted, corregirla o, cuando la ley lo permita, eliminarla,
          llamándonos al <SupportPhoneLink />. No está obligado a darnos esta información, pero no podemos evaluar una
          solicitud sin ella.
        </p>
      ),
    },
  ],
  footer: (
    <>
      Consulte también nuestros{' '}
      <a href={legalHref('termsOfUse')} target="_blank" rel="noreferrer">
        términos de uso
      </a>
      .
    </>
  ),
};
