import { SupportPhoneLink, type LegalText } from './legal-page';
import { legalHref } from './legal-links';

// The Spanish translation of the terms of use, marked as one: the English version prevails.
export const TERMS_ES: LegalText = {
  title: 'Términos de uso',
  translationNote: (
    <>
      Esta es una traducción al español de nuestros términos de uso, para su comodidad. Si hay alguna diferencia entre
      esta traducción y la versión en inglés, prevalece la versión en inglés.
    </>
  ),
  intro:
    'Estos términos se aplican cuando usted usa el portal de solicitudes de Fundwise. Al crear una cuenta, usted los acepta.',
  sections: [
    {
      heading: 'Quién puede presentar una solicitud',
      body: (
        <p>
          El portal es para dueños y representantes autorizados de negocios de los Estados Unidos y Canadá. Solicite
          solo para un negocio en cuyo nombre tenga derecho a actuar, e incluya solo a dueños que acepten figurar en la
          solicitud y firmarla.
        </p>
      ),
    },
    {
      heading: 'Información exacta',
      body: (
        <p>
          Dé respuestas verdaderas y completas, y suba solo documentos auténticos. Nos basamos en ellos para evaluar su
          solicitud; la información falsa o engañosa le pone fin y puede ser ilegal.
        </p>
      ),
    },
    {
      heading: 'Su cuenta',
      body: (
        <p>
          No comparta su contraseña. Usted es responsable de lo que se haga con su cuenta, así que avísenos de inmediato
          si cree que otra persona la ha usado.
        </p>
      ),
    },
    {
      heading: 'Una oferta todavía no es un préstamo',
      body: (
        <p>
          Las ofertas que se muestran en el portal son estimaciones basadas en lo que usted escribió. No son un
          compromiso de préstamo. El financiamiento depende de nuestra revisión de su solicitud, sus documentos y su
          crédito, y sus condiciones finales son las del contrato de financiamiento que usted firme.
        </p>
      ),
    },
    {
      heading: 'Firma electrónica y verificaciones de crédito',
      body: (
        <p>
          Usted acepta que firmar en el portal constituye su firma de la solicitud, con el mismo efecto que firmar en
          papel. Al firmar, nos autoriza a nosotros y a nuestros socios de financiamiento a obtener informes de crédito
          comerciales y personales y a verificar la información que usted proporcionó.
        </p>
      ),
    },
    {
      heading: 'Uso adecuado',
      body: (
        <p>
          No intente acceder a la solicitud de otra persona, eludir la seguridad del portal ni sobrecargarlo. Podemos
          cerrar una cuenta que se use de esa manera.
        </p>
      ),
    },
    {
      heading: 'Otros servicios',
      body: (
        <p>
          El portal tiene enlaces a servicios operados por terceros, como la herramienta para programar llamadas y
          prestamistas socios. Cuando usted los usa, se aplican sus propios términos.
        </p>
      ),
    },
    {
      heading: 'Cambios',
      body: (
        <p>
          Podemos cambiar el portal y estos términos. La versión de esta página es la que se aplica cuando usted usa el
          portal.
        </p>
      ),
    },
  ],
  footer: (
    <>
      La forma en que manejamos su información se explica en nuestra{' '}
      <a href={legalHref('privacyPolicy')} target="_blank" rel="noreferrer">
        política de privacidad
      </a>
      . ¿Preguntas? Llámenos al <SupportPhoneLink />.
    </>
  ),
};
