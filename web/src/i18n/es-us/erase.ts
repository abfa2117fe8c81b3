import type { enErase } from '../en-erase';

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/** "Delete my account" in US Spanish (web/src/features/privacy/erase-account-page.tsx). */
export const esErase: Shape<typeof enErase> = {
  eraseAccount: {
    title: 'Eliminar mi cuenta',
    loading: 'Estamos verificando qué se conservaría al eliminar su cuenta…',
    allGoes:
      'Se eliminarán su cuenta y todo lo que tenemos sobre usted: sus respuestas, sus documentos, los borradores que estaba escribiendo, el historial de su solicitud y el registro de nuestro equipo.',
    cannotUndo: 'Esta acción no se puede deshacer. Para presentar una nueva solicitud, tendría que empezar de nuevo.',
    emailsSent:
      'Los correos electrónicos que ya le enviamos a su propio buzón no se pueden recuperar: usted puede eliminarlos allí. No guardamos ninguna copia de ellos.',
    submittedIntro:
      'Su solicitud fue enviada a un prestamista. La ley obliga al prestamista a conservar algunos registros durante un tiempo; todo lo demás se eliminará.',
    keptTitle: 'Qué se conserva y por qué',
    kept: {
      signedApplication: 'Su solicitud firmada',
      opportunity: 'El expediente de la solicitud que recibió el prestamista, con los documentos que usted envió',
      identity:
        'Su identidad y la de los propietarios de la empresa (nombres, fechas de nacimiento, números de identificación fiscal, direcciones)',
    },
    keptWhere:
      'Se conservan en nuestro almacenamiento de documentos, en nuestro registro de clientes (Salesforce) y, en el caso de la solicitud firmada, en el servicio de firma electrónica que recogió su firma (Box).',
    whyUS:
      'Los prestamistas deben conservar estos registros durante {{years}} años para combatir el lavado de dinero y el fraude (Bank Secrecy Act, en los Estados Unidos).',
    whyCA:
      'Los prestamistas deben conservar estos registros durante {{years}} años para combatir el lavado de dinero y el fraude (Proceeds of Crime (Money Laundering) and Terrorist Financing Act, en Canadá).',
    until: 'Se eliminarán el {{date}}. Nadie volverá a comunicarse con usted sobre esta solicitud.',
    everythingElse:
      'Todo lo demás se elimina ahora: su acceso, los borradores que estaba escribiendo, el historial de su solicitud, su conexión bancaria y sus ofertas.',
    password: 'Contraseña',
    passwordHint: 'Ingrese su contraseña para confirmar que es usted.',
    submit: 'Eliminar mi cuenta',
    deleting: 'Eliminando…',
    doneTitle: 'Su cuenta se está eliminando',
    done: 'Se cerró su sesión. La eliminación terminará en unos minutos.',
    home: 'Ir a la página de inicio',
  },
};
