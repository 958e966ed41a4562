//! Where umpire keeps its files: the games, the parsed-table cache and the config. Each place can
//! be moved by an environment variable, so that tests and scripts never touch a user's own files.

use std::path::PathBuf;

use directories::ProjectDirs;

fn project() -> Option<ProjectDirs> {
    ProjectDirs::from("", "", "umpire")
}

fn from_env(var: &str) -> Option<PathBuf> {
    std::env::var_os(var)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
}

/// Games and their logs: `UMPIRE_DATA_DIR`, else the user's data directory.
pub fn data_dir() -> Option<PathBuf> {
    from_env("UMPIRE_DATA_DIR").or_else(|| project().map(|p| p.data_dir().to_path_buf()))
}

/// Parsed tables: `UMPIRE_CACHE_DIR`, else inside `UMPIRE_DATA_DIR` when that is set (a test's
/// data directory keeps its cache too), else the user's cache directory.
pub fn cache_dir() -> Option<PathBuf> {
    from_env("UMPIRE_CACHE_DIR")
        .or_else(|| from_env("UMPIRE_DATA_DIR").map(|d| d.join("cache")))
        .or_else(|| project().map(|p| p.cache_dir().to_path_buf()))
}

/// The configuration file's folder: `UMPIRE_CONFIG_DIR`, else inside `UMPIRE_DATA_DIR` when that
/// is set (a test's data directory keeps its config too), else the user's config directory.
pub fn config_dir() -> Option<PathBuf> {
    from_env("UMPIRE_CONFIG_DIR")
        .or_else(|| from_env("UMPIRE_DATA_DIR").map(|d| d.join("config")))
        .or_else(|| project().map(|p| p.config_dir().to_path_buf()))
}
