/** Screen texts of the landing page, word for word as the product defines them. */
export const LANDING_TEXTS = {
  tagline: 'Siempre listos para servir',
  news: 'Noticias',
  whoWeAre: '¿Quiénes somos?',
  login: 'Iniciar Sesión',
  highlighted: 'Lo Más Destacado',
  loading: 'Cargando noticias destacadas...',
  empty: 'No hay noticias destacadas en este momento.',
  loadFailed: 'No se pudieron cargar las noticias destacadas. Inténtalo de nuevo más tarde.',
  allNews: 'Ver todas las noticias',
} as const;
