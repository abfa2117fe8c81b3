import type { Catalogue } from '../en';

/** US Spanish: the status, co-owner and accessibility pages. */
export const esStatus = {
  status: {
    title: 'Estado de mi solicitud',
    lead: 'Los pasos de su solicitud, qué está pendiente y de quién.',
    stepsHeading: 'Pasos',
    step: {
      done: 'Listo',
      currentOnly: 'En curso',
      current: 'En curso: paso {{step}} de {{total}}',
      upcoming: 'Pendiente',
    },
    waitingHeading: 'Qué está pendiente',
    waiting: {
      applicant: 'Pendiente de usted: su próximo paso está listo.',
      signature: 'Pendiente de las firmas de los dueños.',
      records:
        'Pendiente del equipo de financiamiento: están actualizando sus registros. Usted no necesita hacer nada.',
      documents: 'Pendiente del equipo de financiamiento: sus documentos van en camino.',
      review: 'Pendiente del equipo de financiamiento: están revisando su solicitud.',
      nobody: 'No hay nada pendiente.',
      signatureOne: 'Pendiente de la firma de un dueño.',
      signatureOf: 'Pendiente de la firma de {{name}}.',
      yourSignature: 'Pendiente de su firma: la solicitud está lista para que usted la firme.',
      applicantSignsFirst:
        'Pendiente de la firma del solicitante. Después sigue la suya: podrá firmar cuando el solicitante haya firmado.',
      finalizing: 'Todos los dueños firmaron: se está finalizando la solicitud firmada.',
      applicantMove: 'Pendiente de que el solicitante complete el próximo paso. Usted no necesita hacer nada.',
    },
    ended: {
      submitted: 'Su solicitud fue enviada.',
      withdrawn: 'Esta solicitud fue retirada.',
      closed: 'Esta solicitud se cerró después de mucho tiempo sin avances.',
    },
    since: 'Desde el {{time}}',
    signaturesHeading: 'Firmas',
    signature: {
      signed: 'Dueño {{number}}: firmó',
      waiting: 'Dueño {{number}}: firma pendiente',
      namedSigned: '{{name}}: firmó',
      namedWaiting: '{{name}}: firma pendiente',
      youSigned: 'Usted: firmó',
      youWaiting: 'Usted: firma pendiente',
    },
    savedOnly:
      'No podemos consultar el estado en vivo en este momento: esto es lo último que se guardó de la solicitud.',
    continue: 'Continuar con su solicitud',
    repHeading: 'Su representante de financiamiento',
    rep: '{{name}} se comunicará con usted sobre su solicitud.',
    schedule: 'Programar una llamada con su representante',
    sharedTitle: 'Solicitud de financiamiento de {{business}}',
    sharedTitleUnnamed: 'Solicitud de financiamiento',
    sharedLead: 'Usted figura como dueño en esta solicitud. Así es como va.',
    linkInvalid: 'Este enlace ya no es válido. Pídale al solicitante que vuelva a enviar la solicitud de firma.',
    yourSignatureHeading: 'Su firma',
    yourSigned: 'Su firma quedó registrada. Usted no necesita hacer nada más.',
    signNow: 'Revisar y firmar la solicitud',
    signAfterApplicant:
      'El solicitante firma primero. Cuando haya firmado, usted podrá firmar aquí o desde el enlace de su correo electrónico.',
    actionsHeading: 'Qué puede hacer',
    resend: 'Volver a enviar al codueño su invitación para firmar',
    resendNamed: 'Volver a enviar a {{name}} su invitación para firmar',
    resent: 'Se volvió a enviar la invitación para firmar.',
    resentNamed: 'Se volvió a enviar la invitación para firmar a {{name}}.',
    resendNotNeeded: 'Ningún codueño tiene una firma pendiente.',
    signHere: 'Firmar en este dispositivo',
    signHereHint:
      'Para un codueño que está con usted ahora: firma en este dispositivo, sin usar su correo electrónico.',
    ownDevice: 'El codueño recibe un correo electrónico y puede firmar en su propio teléfono o computadora.',
    ownDeviceNamed: '{{name}} recibe un correo electrónico y puede firmar en su propio teléfono o computadora.',
    missingHeading: 'Documentos que marcó como “{{dontHave}}”',
    missingNote:
      'Su representante de financiamiento podría pedírselos, o pedirle otra forma de confirmar los mismos datos.',
  },
  coOwner: {
    openingTitle: 'Su firma',
    opening: 'Abriendo su sesión de firma…',
    checking: 'Confirmando su firma…',
    signedTitle: 'Su firma quedó registrada',
    alreadyTitle: 'Su firma ya estaba registrada',
    signedBody: 'Gracias. Su firma en la solicitud de financiamiento de {{business}} quedó registrada.',
    signedBodyUnnamed: 'Gracias. Su firma en la solicitud de financiamiento quedó registrada.',
    nextHeading: 'Qué sigue',
    next: 'Ahora el solicitante envía los estados de cuenta bancarios del negocio. Luego nuestro equipo de financiamiento revisa la solicitud y se comunica con el solicitante sobre las ofertas de financiamiento. Usted no necesita hacer nada más; puede cerrar esta página.',
    waitingTitle: 'El solicitante firma primero',
    waiting:
      'Su firma va después de la del solicitante. Abra este enlace de nuevo cuando haya firmado; sigue siendo válido por 30 días.',
    closedTitle: 'Esta solicitud de firma terminó',
    closed:
      'Fue rechazada, cancelada o reemplazada por una más reciente. Pídale al solicitante que le envíe una nueva invitación para firmar.',
    declinedTitle: 'Usted se negó a firmar',
    declined:
      'La solicitud no se firmó. Si fue un error, pídale al solicitante que le envíe una nueva invitación para firmar.',
  },
  accessibility: {
    title: 'Declaración de accesibilidad',
    intro:
      'Queremos que todos los dueños de negocios puedan presentar su solicitud, sin importar cómo usen la web. Esta declaración cubre el portal de solicitudes en esta dirección.',
    conformanceTitle: 'Conformidad',
    conformance:
      'El portal busca cumplir con las Pautas de Accesibilidad para el Contenido Web (WCAG) 2.2, nivel AA. Cumple parcialmente: las partes indicadas en las deficiencias conocidas todavía no cumplen del todo con la norma.',
    testingTitle: 'Cómo lo verificamos',
    testing1:
      'Cada pantalla y cada cuadro de diálogo de la solicitud se revisa con axe-core en el ancho de una computadora y a 390 píxeles, en inglés, francés y español, cada vez que cambia el código.',
    testing2: 'Pruebas automatizadas completan toda la solicitud, en francés y en español, solo con el teclado.',
    testing3:
      'Los errores de los formularios se enumeran en un resumen que recibe el foco, y cada campo anuncia su propio error a los lectores de pantalla.',
    testing4:
      'En pantallas angostas, las páginas se reorganizan en una sola columna, así que se pueden usar con un zoom de 200% o más.',
    gapsTitle: 'Deficiencias conocidas',
    gap1: 'La página de firma electrónica la proporciona nuestro servicio de firma electrónica; no controlamos su accesibilidad.',
    gap2: 'El módulo para programar una llamada es un servicio de terceros; el enlace a la página de citas funciona sin él.',
    gap3: 'Las sugerencias de direcciones vienen de un servicio de terceros; cualquier dirección también se puede escribir a mano.',
    gap4: 'El PDF de la solicitud que usted firma todavía no es un PDF etiquetado, así que un lector de pantalla podría leerlo en un orden equivocado.',
    gap6: 'Las revisiones automatizadas detectan aproximadamente la mitad de los problemas de accesibilidad; el portal todavía no ha tenido una auditoría completa realizada por personas con discapacidades.',
    contactTitle: 'Comentarios',
    contactBody:
      'Si algo le impide presentar su solicitud, llámenos al <tel>{{phone}}</tel> y le ayudaremos a terminarla.',
    updated: 'Esta declaración se preparó en {{date}}.',
  },
} satisfies Partial<Catalogue>;
