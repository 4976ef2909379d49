// nginx / OpenResty config files (nginx.conf, *.conf, *.conf.template) that
// proxy: their proxy_pass directives and retry settings (nginx_config.h).
#ifndef AMPCHECK_EXTRACT_PROXIES_NGINX_EXTRACTOR_H_
#define AMPCHECK_EXTRACT_PROXIES_NGINX_EXTRACTOR_H_

#include "analyzer/extract/extractor.h"

namespace ampcheck {

class NginxExtractor : public Extractor {
 public:
  bool Accepts(const SourceFile& file) const override;
  void Extract(const SourceFile& file, FileFacts* facts) const override;
};

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_PROXIES_NGINX_EXTRACTOR_H_
