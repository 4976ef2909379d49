#include "analyzer/extract/proxies/nginx_extractor.h"

#include "analyzer/extract/proxies/nginx_config.h"
#include "analyzer/extract/source/test_paths.h"

namespace ampcheck {

bool NginxExtractor::Accepts(const SourceFile& file) const {
  return file.language == "conf" && !IsTestPath(file.path);
}

void NginxExtractor::Extract(const SourceFile& file, FileFacts* facts) const {
  if (!Accepts(file)) return;
  // Other programs' *.conf files (fluentd, supervisord) do not proxy.
  if (file.content.find("proxy_pass") == std::string_view::npos) return;
  facts->kind = "nginx";
  ExtractNginxCalls(file.path, file.content, facts);
}

}  // namespace ampcheck
