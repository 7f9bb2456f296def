export { readServerFeatures, SERVER_FEATURES_PATH, STATIC_FEATURES, type ServerFeatures } from './serverFeatures'
