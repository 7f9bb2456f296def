/**
 * The live `get_weather` tool: Open-Meteo's geocoding and forecast APIs (no key). The base
 * addresses come from OPEN_METEO_GEOCODING_URL and OPEN_METEO_FORECAST_URL so a test points them
 * at a local stand-in.
 */
export const WEATHER_TIMEOUT_MS = 10_000

export interface WeatherSettings {
  geocodingUrl: string
  forecastUrl: string
}

export function weatherSettingsFrom(env: Record<string, string | undefined>): WeatherSettings {
  return {
    geocodingUrl: env.OPEN_METEO_GEOCODING_URL?.trim() || 'https://geocoding-api.open-meteo.com/v1/search',
    forecastUrl: env.OPEN_METEO_FORECAST_URL?.trim() || 'https://api.open-meteo.com/v1/forecast',
  }
}

/** WMO weather interpretation codes, as Open-Meteo documents them. */
const CONDITIONS: Record<number, string> = {
  0: 'clear sky',
  1: 'mainly clear',
  2: 'partly cloudy',
  3: 'overcast',
  45: 'fog',
  48: 'rime fog',
  51: 'light drizzle',
  53: 'drizzle',
  55: 'dense drizzle',
  61: 'light rain',
  63: 'rain',
  65: 'heavy rain',
  71: 'light snow',
  73: 'snow',
  75: 'heavy snow',
  80: 'rain showers',
  81: 'rain showers',
  82: 'violent rain showers',
  95: 'thunderstorm',
  96: 'thunderstorm with hail',
  99: 'thunderstorm with heavy hail',
}

async function getJson(address: string, signal: AbortSignal): Promise<Record<string, unknown>> {
  const response = await fetch(address, { headers: { accept: 'application/json' }, signal })
  if (!response.ok) throw new Error(`Open-Meteo answered ${response.status}.`)
  const body: unknown = await response.json().catch(() => null)
  if (!body || typeof body !== 'object') throw new Error('Open-Meteo answered with something that is not JSON.')
  return body as Record<string, unknown>
}

export async function getWeather(city: unknown, settings: WeatherSettings, signal: AbortSignal) {
  const name = String(city ?? '').trim()
  if (!name) throw new Error('Name a city.')
  const timed = AbortSignal.any([signal, AbortSignal.timeout(WEATHER_TIMEOUT_MS)])
  const places = await getJson(`${settings.geocodingUrl}?${new URLSearchParams({ name, count: '1', format: 'json' }).toString()}`, timed)
  const place = Array.isArray(places.results) ? (places.results[0] as Record<string, unknown> | undefined) : undefined
  if (!place || typeof place.latitude !== 'number' || typeof place.longitude !== 'number')
    throw new Error(`No place called "${name}" was found.`)
  const forecast = await getJson(
    `${settings.forecastUrl}?${new URLSearchParams({
      latitude: String(place.latitude),
      longitude: String(place.longitude),
      current: 'temperature_2m,relative_humidity_2m,weather_code,wind_speed_10m',
      daily: 'temperature_2m_max,temperature_2m_min',
      forecast_days: '1',
      timezone: 'auto',
    }).toString()}`,
    timed,
  )
  const current = (forecast.current ?? {}) as Record<string, unknown>
  const daily = (forecast.daily ?? {}) as Record<string, unknown[] | undefined>
  const code = typeof current.weather_code === 'number' ? current.weather_code : null
  return {
    city: String(place.name ?? name),
    country: typeof place.country === 'string' ? place.country : undefined,
    time: current.time,
    temperature_c: current.temperature_2m,
    high_c: daily.temperature_2m_max?.[0],
    low_c: daily.temperature_2m_min?.[0],
    humidity_percent: current.relative_humidity_2m,
    wind_kmh: current.wind_speed_10m,
    condition: code === null ? 'unknown' : (CONDITIONS[code] ?? `weather code ${code}`),
    source: 'Open-Meteo',
  }
}
