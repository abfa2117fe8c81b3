/** "Download my data" (/my-data), in US Spanish. */
export const esDataExport = {
  dataExport: {
    title: 'Descargar mis datos',
    lead: 'Obtenga una copia de lo que nos proporcionó, en un solo archivo zip: sus respuestas, sus documentos, su solicitud, los correos electrónicos que le enviamos y las etapas de su solicitud con sus fechas.',
    howItWorks:
      'Preparamos el archivo en segundo plano y le enviamos un enlace por correo electrónico cuando esté listo. El enlace solo funciona para usted, con su sesión iniciada, hasta la fecha que indica el correo; después, el archivo se elimina.',
    sensitive:
      'El archivo contiene su número de Seguro Social o de Seguro Social de Canadá completo, su EIN o número de empresa y su fecha de nacimiento. Guárdelo en un lugar seguro.',
    password: 'Contraseña',
    passwordHint: 'Ingrese su contraseña para confirmar que es usted.',
    request: 'Preparar mis datos',
    building: 'Estamos preparando su archivo. Le enviaremos un enlace por correo electrónico cuando esté listo.',
    ready: 'Su archivo está listo. Puede descargarlo hasta el {{date}}.',
    download: 'Descargar mis datos (zip)',
  },
};
